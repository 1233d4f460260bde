import type { gateOptions } from '../module/events';
import type { QuestionType } from './events';

/** One question of a page as far as progress is concerned. */
export interface QuestionProgress {
  name: string;
  questionType: QuestionType;
  answered: boolean;
  score: number;
  maxScore: number;
  /** Attempts used up: the answer can no longer change. */
  locked: boolean;
}

/** A page is completed only if every question on it has an answer. */
export const pageCompleted = (questions: readonly QuestionProgress[]): boolean =>
  questions.every((question) => question.answered);

/**
 * Every question answered and at its maximum score. Open questions wait for a teacher's score, so
 * for gating an answered open question counts as right: otherwise no participant could go on.
 */
const pageAllCorrect = (questions: readonly QuestionProgress[]): boolean =>
  questions.every(
    (question) =>
      question.answered && (question.questionType === 'open' || question.score >= question.maxScore),
  );

export interface Gate {
  gateProgress: boolean;
  gateConfig: readonly (typeof gateOptions)[number][];
}

/**
 * Whether the next link of a page opens (docs/guide/gating-and-tests.md): always without
 * gateProgress; with it, once every question is answered, and with 'all-correct' once the score
 * also equals the maximum.
 */
export function gateOpen(gate: Gate, questions: readonly QuestionProgress[]): boolean {
  if (!gate.gateProgress) return true;
  return gate.gateConfig.includes('all-correct') ? pageAllCorrect(questions) : pageCompleted(questions);
}

/**
 * The index of the last page a participant may open in a gated module: the first page whose gate
 * is still closed (pages after it stay locked), or the last page.
 */
export function lastReachablePage(gate: Gate, pages: readonly (readonly QuestionProgress[])[]): number {
  const closed = pages.findIndex((questions) => !gateOpen(gate, questions));
  return closed === -1 ? pages.length - 1 : closed;
}

/**
 * The page can no longer be finished by the participant alone: a question whose attempts are used
 * up holds no answer, or, behind an 'all-correct' gate, a wrong one. Only another attempt (given by
 * a teacher) opens the way again, so the page must say so instead of 'Waiting for answers...'.
 */
export function pageStuck(gate: Gate, questions: readonly QuestionProgress[]): boolean {
  const allCorrect = gate.gateProgress && gate.gateConfig.includes('all-correct');
  return questions.some(
    (question) =>
      question.locked &&
      (!question.answered ||
        (allCorrect && question.questionType !== 'open' && question.score < question.maxScore)),
  );
}
