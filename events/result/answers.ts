import { z } from 'zod';
import type { QuestionElement } from '../page/content';

/**
 * The pure rules of answering (docs/guide/questions-and-attempts.md), shared by the server, which
 * decides, and the client, which only displays what the server decided.
 */

/** What a participant sends per question: one option value, several, or a text. */
export type AnswerValue = string | string[];

const OPEN_ANSWER_MAX = 10_000;

/** The answer shape a question accepts; choices must be among its options. */
export function answerSchemaFor(question: Pick<QuestionElement, 'questionType' | 'options'>) {
  const values = question.options.map((option) => option.value);
  switch (question.questionType) {
    case 'single':
      return z.string().refine((value) => values.includes(value), 'result.unknownOption');
    case 'multiple':
      return z
        .array(z.string().refine((value) => values.includes(value), 'result.unknownOption'))
        .max(values.length)
        .transform((chosen) => values.filter((value) => chosen.includes(value)));
    case 'open':
      return z.string().max(OPEN_ANSWER_MAX, 'validation.tooLong');
  }
}

export const sameAnswer = (a: AnswerValue | null | undefined, b: AnswerValue | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An empty text or no ticked option is no answer at all. */
export const isAnswered = (answer: AnswerValue | null | undefined): boolean =>
  Array.isArray(answer) ? answer.length > 0 : typeof answer === 'string' && answer.trim() !== '';

/**
 * Attempts allowed = configured attempts + max(positively scored options − 1, 0)
 * (docs/adr/0007-drafts-are-not-attempts.md): ticking every right option of a multiple choice takes
 * one attempt per option. Configured 0 means unlimited (null).
 */
export function attemptsAllowed(question: Pick<QuestionElement, 'schema' | 'options'>): number | null {
  if (question.schema.attempts === 0) return null;
  const positive = question.options.filter((option) => option.score > 0).length;
  return question.schema.attempts + Math.max(positive - 1, 0);
}

/** The most a question can score: the best option, the sum of the positive ones, or the open maximum. */
export function maxScoreOf(question: Pick<QuestionElement, 'questionType' | 'options' | 'schema'>): number {
  switch (question.questionType) {
    case 'single':
      return Math.max(0, ...question.options.map((option) => option.score));
    case 'multiple':
      return question.options.reduce((sum, option) => sum + Math.max(option.score, 0), 0);
    case 'open':
      return question.schema.maxScore;
  }
}

/**
 * The score of an answer, between 0 and the maximum; negative options cost points inside a question
 * but never below zero. An open answer scores 0 until a teacher scores it.
 */
export function scoreOf(
  question: Pick<QuestionElement, 'questionType' | 'options' | 'schema'>,
  answer: AnswerValue,
): number {
  const max = maxScoreOf(question);
  const chosen = new Set(Array.isArray(answer) ? answer : [answer]);
  if (question.questionType === 'open') return 0;
  const raw = question.options.reduce(
    (sum, option) => sum + (chosen.has(option.value) ? option.score : 0),
    0,
  );
  return Math.min(Math.max(raw, 0), max);
}

/** The values of the options that score positively: what "show the correct answers" reveals. */
export const correctValues = (question: Pick<QuestionElement, 'options'>): string[] =>
  question.options.filter((option) => option.score > 0).map((option) => option.value);
