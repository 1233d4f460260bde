import { z } from 'zod';
import type { QuestionElement } from '../page/content';
import { pathSchema } from '../shared/fields';
import type { AnswerValue } from './answers';

/**
 * saveResult(module, page, result) (docs/guide/questions-and-attempts.md): the answers of one page,
 * keyed by question name. Each answer's shape is checked against its question by the decider, which
 * knows the page.
 */
export const saveResultSchema = z.object({
  module: pathSchema,
  page: pathSchema,
  result: z.object({
    answers: z.record(
      z.string().min(1).max(100),
      // A list holds option values, matches, ordered items or filled gaps (a gap up to 500 characters);
      // each question type checks its own shape (events/result/answers.ts).
      z.union([z.string().max(10_000), z.array(z.string().max(500)).max(50)]),
    ),
    /**
     * The questions with limited attempts whose answer the participant confirms ('Check answer'):
     * each spends an attempt. Without it, their answers are drafts that spend nothing.
     */
    confirm: z.array(z.string().min(1).max(100)).max(100).optional(),
  }),
  /**
   * Chosen by the device for this save and sent again with every retry of it: the server applies a
   * key at most once, and a replay changes nothing (an answer queue resends after a lost response).
   */
  idempotencyKey: z.uuid().optional(),
});
export type SaveResultInput = z.infer<typeof saveResultSchema>;

export const moduleResultSchema = z.object({ module: pathSchema });

/** The page a command acts on, for one participant: with its questions as stored (answer key included). */
export interface PageOfParticipant {
  userId: string;
  moduleId: string;
  modulePath: string;
  pageId: string;
  pagePath: string;
  questions: QuestionElement[];
}

/**
 * The request a save came from: its idempotency key (null without one) and whether that key was
 * already applied to the stream, which the command handler looks up under the stream's lock.
 */
export interface SaveRequest {
  idempotencyKey: string | null;
  alreadyApplied: boolean;
}

/** Answers that count: confirmed ones, and every change of a question with unlimited attempts. */
export interface SaveAnswers {
  type: 'SaveAnswers';
  data: PageOfParticipant & SaveRequest & { answers: Record<string, unknown> };
}

/** Unconfirmed answers to questions with limited attempts; `current` is each one's latest draft. */
export interface SaveDrafts {
  type: 'SaveDrafts';
  data: PageOfParticipant &
    SaveRequest & {
      drafts: Record<string, unknown>;
      current: Record<string, AnswerValue | null>;
    };
}

export const grantAttemptSchema = z.object({
  module: pathSchema,
  user: z.string().min(1).max(200),
  page: pathSchema,
  question: z.string().min(1).max(100),
});
export type GrantAttemptInput = z.infer<typeof grantAttemptSchema>;

/** A teacher gives a participant another attempt at a question whose attempts are used up. */
export interface GrantAttempt {
  type: 'GrantAttempt';
  data: PageOfParticipant & { question: string; grantedBy: string };
}

const FEEDBACK_MAX = 5_000;

/** A teacher's score: a number (or a numeric text, as forms and search fields send it), rounded by the decider. */
const teacherScoreSchema = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(?:[.,]\d+)?$/, 'result.scoreNotNumber')
    .transform((text) => Number(text.replace(',', '.'))),
]);

/**
 * The `result` of updateResult(user, module, page, result) (docs/guide/results-and-scoring.md): per
 * question name, a score and/or a feedback text. An empty feedback text removes the feedback.
 */
export const teacherResultSchema = z
  .object(
    {
      scores: z.record(z.string().min(1).max(100), teacherScoreSchema).default({}),
      feedback: z
        .record(z.string().min(1).max(100), z.string().max(FEEDBACK_MAX, 'validation.tooLong'))
        .default({}),
    },
    { message: 'result.teacherShape' },
  )
  .refine(
    (result) => Object.keys(result.scores).length + Object.keys(result.feedback).length > 0,
    'result.teacherShape',
  );

export const updateResultSchema = z.object({
  user: z.string().min(1).max(200),
  module: pathSchema,
  page: pathSchema,
  result: teacherResultSchema,
});
export type UpdateResultInput = z.infer<typeof updateResultSchema>;

export interface ScoreAnswers {
  type: 'ScoreAnswers';
  data: PageOfParticipant & {
    scores: Record<string, number>;
    feedback: Record<string, string>;
    scoredBy: string;
  };
}

export type ResultCommand = SaveAnswers | ScoreAnswers | GrantAttempt;
