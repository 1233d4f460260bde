/**
 * The pure rules of a numeric question (docs/guide/questions-and-attempts.md), without zod: the
 * learner's page reads them, and its first download stays small.
 */
export interface NumericAccepted {
  value: number;
  tolerance: number;
  score: number;
  feedback: string;
}

/** Reads '12,5', '12.5', ' -3 ' or '1e3'; null when the text is not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** A text typed that is not a number (an empty one is no answer yet, not a wrong number). */
export const notANumber = (text: string) => text.trim() !== '' && parseNumber(text) === null;

// Floating point makes 0.1 + 0.2 miss 0.3 by a hair; a tolerance edge should still count.
const EPSILON = 1e-9;

const covers = (accepted: NumericAccepted, value: number) =>
  Math.abs(value - accepted.value) <= accepted.tolerance + EPSILON * Math.max(1, Math.abs(accepted.value));

/** The accepted answer with the best score that covers the typed number, if any. */
export function bestNumericMatch(accepted: NumericAccepted[], text: string): NumericAccepted | undefined {
  const value = parseNumber(text);
  if (value === null) return undefined;
  return accepted.filter((a) => covers(a, value)).sort((a, b) => b.score - a.score)[0];
}

/** xAPI's numeric range pattern "min[:]max" for an accepted answer. */
export const numericRange = (accepted: NumericAccepted) =>
  `${accepted.value - accepted.tolerance}[:]${accepted.value + accepted.tolerance}`;

/** The most a numeric question can score: its best accepted answer. */
export const numericMaxScore = (accepted: NumericAccepted[]) => Math.max(0, ...accepted.map((a) => a.score));

/** The score of a typed number: the best covering accepted answer's, between 0 and the maximum. */
export const numericScore = (accepted: NumericAccepted[], text: string) =>
  Math.min(Math.max(bestNumericMatch(accepted, text)?.score ?? 0, 0), numericMaxScore(accepted));
