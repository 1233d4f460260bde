import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { pathSchema } from '../shared/fields';

export const questionTypes = [
  'single',
  'multiple',
  'open',
  'numeric',
  'short',
  'matching',
  'ordering',
  'fillBlanks',
] as const;
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
 * The idempotency key of the participant's request that caused the event (a device's answer queue
 * sends one per save, and may send it again after a lost response); null for requests without one
 * and for events recorded before keys existed (schema version 1). Each key is applied at most once
 * per stream (see projections/result/answer-requests.ts).
 */
const idempotencyKey = z.uuid().nullable();
/** Schema version 1 had no key: those requests carried none. */
const withoutKey = { 1: (data: unknown) => ({ ...(data as object), idempotencyKey: null }) };

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
    idempotencyKey,
  }),
  { personal: { subject: 'userId', fields: ['answer'] }, schemaVersion: 2, upcasters: withoutKey },
);

/**
 * A teacher scored one answered question and/or gave feedback on it
 * (docs/guide/results-and-scoring.md). The score is a whole number between 0 and the question's
 * maximum; `previousScore` and `previousFeedback` keep the history readable from the event alone.
 * `scored` says whether the teacher gave the score (an open answer is then scored, even at the
 * score it had) or only feedback (an open answer not yet scored stays so; docs/adr/0018-unscored-answers.md).
 * The feedback is about the participant and may name them, so it is sealed with the participant's
 * key like the answer: erasing them erases it too. `scoredBy` is the teacher's user id.
 */
export const AnswerScored = defineEvent(
  'AnswerScored',
  z.object({
    ...answerRef,
    score: z.number().int().min(0),
    maxScore: z.number().int().min(0),
    previousScore: z.number().int().min(0),
    scored: z.boolean(),
    feedback: z.string().max(5_000).nullable(),
    previousFeedback: z.string().max(5_000).nullable(),
    scoredBy: z.string().min(1).max(200),
  }),
  {
    personal: { subject: 'userId', fields: ['feedback', 'previousFeedback'] },
    schemaVersion: 2,
    // Version 1 came from a form that sent every score back with each save: each was a scoring.
    upcasters: { 1: (data: unknown) => ({ ...(data as object), scored: true }) },
  },
);

/**
 * A teacher gave a participant another attempt at one question whose attempts were used up. It
 * carries the attempts used and the attempts allowed from now on (the attempts formula plus
 * every extra attempt given so far), so the history reads without a look-up.
 */
export const AttemptGranted = defineEvent(
  'AttemptGranted',
  z.object({
    ...answerRef,
    attemptsUsed: z.number().int().min(0),
    extraAttempts: z.number().int().min(1),
    attemptsAllowed: z.number().int().min(1),
    grantedBy: z.string().min(1).max(200),
  }),
);

/**
 * A participant's unconfirmed answer to a question with limited attempts: saved so it survives a
 * reload or another device, but it spends no attempt and completes nothing. Drafts live in their own
 * stream, which nothing ever folds, so a save costs the same after one draft or a thousand. Sealed
 * like an answer: it may hold anything about the participant.
 */
export const AnswerDrafted = defineEvent(
  'AnswerDrafted',
  z.object({
    ...answerRef,
    questionType: z.enum(questionTypes),
    answer: z.union([z.string(), z.array(z.string())]),
    idempotencyKey,
  }),
  { personal: { subject: 'userId', fields: ['answer'] }, schemaVersion: 2, upcasters: withoutKey },
);

export const resultEventDefinitions = [AnswerSaved, AnswerScored, AttemptGranted, AnswerDrafted];

export type ResultEvent =
  | EventOf<typeof AnswerSaved>
  | EventOf<typeof AnswerScored>
  | EventOf<typeof AttemptGranted>;

export type DraftEvent = EventOf<typeof AnswerDrafted>;

/** One stream per participant and module. */
export const resultStream = (moduleId: string, userId: string) => `module_result-${moduleId}.${userId}`;
/** The participant of a result stream, from its name. */
export const subjectOfResultStream = (stream: string) => stream.slice(stream.lastIndexOf('.') + 1);

/** A participant's drafts in one module: appended to, never folded. */
export const draftStream = (moduleId: string, userId: string) => `answer_draft-${moduleId}.${userId}`;
