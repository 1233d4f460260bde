import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { pathSchema } from '../shared/fields';

export const questionTypes = ['single', 'multiple', 'open'] as const;
export type QuestionType = (typeof questionTypes)[number];

/** Which participant's answer to which question, on which page of which module (id and path). */
const answerRef = {
  userId: z.string().min(1).max(200),
  moduleId: z.uuid(),
  modulePath: pathSchema,
  pageId: z.uuid(),
  pagePath: pathSchema,
  question: z.string().min(1).max(100),
};

/**
 * A participant's answer to one question, scored by the server when it was given. It carries the
 * module and page (id and path), the question's kind, the attempt it was and its score, so a reader
 * needs nothing else. The answer itself is sealed with the participant's key: an open answer may
 * hold anything about them.
 */
export const AnswerSaved = defineEvent(
  'AnswerSaved',
  z.object({
    ...answerRef,
    questionType: z.enum(questionTypes),
    answer: z.union([z.string(), z.array(z.string())]),
    attempt: z.number().int().min(1),
    score: z.number().int().min(0),
    maxScore: z.number().int().min(0),
  }),
  { personal: { subject: 'userId', fields: ['answer'] } },
);

/**
 * A teacher scored one answered question and/or gave feedback on it (spec sections 5 and 6). The
 * score is a whole number between 0 and the question's maximum; `previousScore` and
 * `previousFeedback` keep the history readable from the event alone. The feedback is about the
 * participant and may name them, so it is sealed with the participant's key like the answer:
 * erasing them erases it too. `scoredBy` is the teacher's user id.
 */
export const AnswerScored = defineEvent(
  'AnswerScored',
  z.object({
    ...answerRef,
    score: z.number().int().min(0),
    maxScore: z.number().int().min(0),
    previousScore: z.number().int().min(0),
    feedback: z.string().max(5_000).nullable(),
    previousFeedback: z.string().max(5_000).nullable(),
    scoredBy: z.string().min(1).max(200),
  }),
  { personal: { subject: 'userId', fields: ['feedback', 'previousFeedback'] } },
);

export const resultEventDefinitions = [AnswerSaved, AnswerScored];

export type ResultEvent = EventOf<typeof AnswerSaved> | EventOf<typeof AnswerScored>;

/** One stream per participant and module. */
export const resultStream = (moduleId: string, userId: string) => `module_result-${moduleId}.${userId}`;
