/**
 * An answer as a participant sends it, and the two questions the learner's page asks of it, apart
 * from answers.ts: that file brings the question types' schemas (and zod), which the learner's first
 * download does without (docs/development/performance.md).
 */

/**
 * What a participant sends per question: one option value, several, or a text (a number as typed);
 * a list too for matching ("prompt=match"), ordering (the items in order) and gaps (one text each).
 */
export type AnswerValue = string | string[];

export const sameAnswer = (a: AnswerValue | null | undefined, b: AnswerValue | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An empty text or no ticked option is no answer at all. */
export const isAnswered = (answer: AnswerValue | null | undefined): boolean =>
  Array.isArray(answer) ? answer.length > 0 : typeof answer === 'string' && answer.trim() !== '';
