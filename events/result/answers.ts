import { z } from 'zod';
import type { QuestionElement } from '../page/content';
import {
  fillBlanksAnswered,
  fillBlanksAnswerSchema,
  fillBlanksCorrect,
  fillBlanksMaxScore,
  fillBlanksScore,
} from '../page/question-types/fill-blanks';
import {
  matchingAnswerSchema,
  matchingCorrect,
  matchingMaxScore,
  matchingScore,
} from '../page/question-types/matching';
import { numericMaxScore, numericScore, parseNumber } from '../page/question-types/numeric-score';
import {
  orderingAnswerSchema,
  orderingCorrect,
  orderingMaxScore,
  orderingScore,
} from '../page/question-types/ordering';
import { shortMaxScore, shortScore } from '../page/question-types/short-score';
import { type AnswerValue, isAnswered } from './answer-value';

/**
 * The pure rules of answering (docs/guide/questions-and-attempts.md), shared by the server, which
 * decides, and the client, which only displays what the server decided.
 */

// The learner's page reads these without the schemas (and zod) this file brings along.
export { type AnswerValue, isAnswered, sameAnswer } from './answer-value';

const OPEN_ANSWER_MAX = 10_000;
const SHORT_ANSWER_MAX = 500;
const NUMBER_MAX = 100;

/**
 * The answer shape a question accepts; choices must be among its options. A number is kept as typed
 * (a draft may be half a number); only a check needs a number (`uncheckable`).
 */
export function answerSchemaFor(question: QuestionElement) {
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
    case 'short':
      return z.string().max(SHORT_ANSWER_MAX, 'validation.tooLong');
    case 'numeric':
      return z.string().max(NUMBER_MAX, 'validation.tooLong');
    case 'matching':
      return matchingAnswerSchema(question);
    case 'ordering':
      return orderingAnswerSchema(question);
    case 'fillBlanks':
      return fillBlanksAnswerSchema(question);
  }
}

/** Why an answer cannot be checked (spend an attempt) although it may be kept as a draft; null when it can. */
export function uncheckable(
  question: QuestionElement,
  answer: AnswerValue,
): 'result.emptyAnswer' | 'result.notANumber' | null {
  if (!isAnswered(answer)) return 'result.emptyAnswer';
  if (question.questionType === 'fillBlanks' && !fillBlanksAnswered(answer as string[]))
    return 'result.emptyAnswer';
  if (question.questionType === 'numeric' && parseNumber(String(answer)) === null) return 'result.notANumber';
  return null;
}

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

/**
 * The most a question can score: the best option, the sum of the positive ones, the best accepted
 * answer, or the open maximum.
 */
export function maxScoreOf(question: QuestionElement): number {
  switch (question.questionType) {
    case 'single':
      return Math.max(0, ...question.options.map((option) => option.score));
    case 'multiple':
      return question.options.reduce((sum, option) => sum + Math.max(option.score, 0), 0);
    case 'open':
      return question.schema.maxScore;
    case 'numeric':
      return numericMaxScore(question.accepted);
    case 'short':
      return shortMaxScore(question.accepted);
    case 'matching':
      return matchingMaxScore(question);
    case 'ordering':
      return orderingMaxScore(question);
    case 'fillBlanks':
      return fillBlanksMaxScore(question);
  }
}

/**
 * The score of an answer, between 0 and the maximum; negative options cost points inside a question
 * but never below zero. An open answer scores 0 until a teacher scores it.
 */
export function scoreOf(question: QuestionElement, answer: AnswerValue): number {
  const text = Array.isArray(answer) ? '' : answer;
  const list = Array.isArray(answer) ? answer : [];
  switch (question.questionType) {
    case 'open':
      return 0;
    case 'numeric':
      return numericScore(question.accepted, text);
    case 'short':
      return shortScore(question, text);
    case 'matching':
      return matchingScore(question, list);
    case 'ordering':
      return orderingScore(question, list);
    case 'fillBlanks':
      return fillBlanksScore(question, list);
  }
  const max = maxScoreOf(question);
  const chosen = new Set(Array.isArray(answer) ? answer : [answer]);
  const raw = question.options.reduce(
    (sum, option) => sum + (chosen.has(option.value) ? option.score : 0),
    0,
  );
  return Math.min(Math.max(raw, 0), max);
}

/**
 * What "show the correct answers" reveals: the values of the options that score positively, the
 * accepted answers that give the full score (a number with its tolerance as "10 ± 0.5"), or the
 * right answer in the shape the learner sends (matches, order, gaps).
 */
export function correctValues(question: QuestionElement): string[] {
  switch (question.questionType) {
    case 'numeric': {
      const max = numericMaxScore(question.accepted);
      return question.accepted
        .filter((accepted) => accepted.score === max && max > 0)
        .map(({ value, tolerance }) => (tolerance > 0 ? `${value} ± ${tolerance}` : `${value}`));
    }
    case 'short': {
      const max = shortMaxScore(question.accepted);
      return question.accepted
        .filter((accepted) => accepted.score === max && max > 0)
        .map(({ text }) => text);
    }
    case 'matching':
      return matchingCorrect(question);
    case 'ordering':
      return orderingCorrect(question);
    case 'fillBlanks':
      return fillBlanksCorrect(question);
    default:
      return question.options.filter((option) => option.score > 0).map((option) => option.value);
  }
}
