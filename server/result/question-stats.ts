import { parseNumber } from '../../events/page/question-types/numeric-score';
import type { AnswerValue } from '../../events/result/answers';
import { isAnswered } from '../../events/result/answers';
import type { QuestionType } from '../../events/result/events';
import type { StatsPart } from './question-stats-parts';

/**
 * Question statistics of one module for its teachers: aggregates only, so the output names no
 * participant. Pure: the module's questions and the stored answers in, numbers out.
 */

export interface StatsQuestion {
  name: string;
  questionType: QuestionType;
  options: readonly { value: string; score: number }[];
  maxScore: number;
  /** Matching, ordering and fill-in questions: the pairs, places or blanks counted one by one. */
  parts?: readonly StatsPart[];
}

export interface StatsPage {
  pageId: string;
  questions: readonly StatsQuestion[];
}

/** One participant's stored answer to one question (a row of result_answers). */
export interface StatsAnswer {
  userId: string;
  pageId: string;
  question: string;
  answer: AnswerValue | null;
  score: number;
  attempts: number;
  /** An open answer no teacher has scored yet (answer-rules.ts `awaitsScore`): answered, not yet worth anything. */
  awaitingScore: boolean;
}

/** How the answers given as one text scored: all at the maximum, all at 0, or anything else. */
export type AnswerVerdict = 'full' | 'partly' | 'zero';

/** One of the most frequent typed answers: as normalised, how often, and how it scored. */
export interface FrequentAnswer {
  value: string;
  count: number;
  share: number;
  verdict: AnswerVerdict;
}

/** How many of the most frequent typed answers a question's statistics list. */
const FREQUENT_ANSWERS = 10;

/**
 * A typed answer as the statistics group it: a number as parsed ('12,50' and ' 12.5' are 12.5), a
 * text trimmed, its spaces collapsed and lower-cased, so the variants of one answer count together.
 */
function normalisedAnswer(questionType: QuestionType, answer: AnswerValue): string {
  const text = Array.isArray(answer) ? answer.join(' ') : answer;
  if (questionType === 'numeric') {
    const value = parseNumber(text);
    if (value !== null) return String(value);
  }
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The most frequent typed answers, most given first (ties in text order), each with its verdict. */
function frequentAnswers(question: StatsQuestion, rows: readonly StatsAnswer[]): FrequentAnswer[] {
  const groups = new Map<string, number[]>();
  for (const row of rows) {
    if (row.answer === null) continue;
    const key = normalisedAnswer(question.questionType, row.answer);
    groups.set(key, [...(groups.get(key) ?? []), row.score]);
  }
  const verdictOf = (scores: readonly number[]): AnswerVerdict => {
    if (question.maxScore > 0 && scores.every((score) => score >= question.maxScore)) return 'full';
    if (scores.every((score) => score <= 0)) return 'zero';
    return 'partly';
  };
  return [...groups]
    .map(([value, scores]) => ({
      value,
      count: scores.length,
      share: rows.length === 0 ? 0 : scores.length / rows.length,
      verdict: verdictOf(scores),
    }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, FREQUENT_ANSWERS);
}

/** How many scored answers scored full, partly or nothing. */
type ScoreBands = Record<AnswerVerdict, number>;

/** The scored answers by how they scored; a question worth nothing has no bands. */
function scoreBands(maxScore: number, scored: readonly StatsAnswer[]): ScoreBands | null {
  if (maxScore <= 0) return null;
  const bands: ScoreBands = { full: 0, partly: 0, zero: 0 };
  for (const row of scored) bands[row.score >= maxScore ? 'full' : row.score <= 0 ? 'zero' : 'partly']++;
  return bands;
}

/** Per part of the question, how many answers had it right, and that as a share of those who answered. */
function partShares(parts: readonly StatsPart[], rows: readonly StatsAnswer[]) {
  return parts.map((part) => {
    const right = rows.filter((row) => Array.isArray(row.answer) && part.right(row.answer)).length;
    return { label: part.label, right, share: rows.length === 0 ? 0 : right / rows.length };
  });
}

/** Question types whose answers are typed and scored at once: their most frequent answers are listed. */
const listsAnswers = (questionType: QuestionType) => questionType === 'numeric' || questionType === 'short';

export interface QuestionStats {
  pageId: string;
  name: string;
  questionType: QuestionType;
  answered: number;
  /** Of those, open answers waiting for a teacher's score: left out of facility and discrimination. */
  awaitingScore: number;
  /** Per option: how many of those who answered chose it, and that as a share of them. */
  options: { value: string; count: number; share: number }[];
  /** For numeric and short-answer questions: the most frequent answers (FREQUENT_ANSWERS at most). */
  frequent: FrequentAnswer[];
  /** Matching, ordering and fill-in questions: per pair, place or blank, how many had it right. */
  parts: { label: string; right: number; share: number }[];
  /** Matching, ordering and fill-in questions: their scored answers by score; null for the others. */
  scores: ScoreBands | null;
  /** Mean score as a share of the maximum; null without answers or without a maximum. */
  facility: number | null;
  /** Pearson correlation of the question's score with the rest of the module total; null when undefined. */
  discrimination: number | null;
  meanAttempts: number | null;
}

export interface PageStats {
  pageId: string;
  /** Participants who answered at least one question on the page. */
  reached: number;
  /** Participants who answered every question on the page. */
  completed: number;
  /** completed / participants; null without participants or without questions. */
  completion: number | null;
}

export interface ModuleQuestionStats {
  participants: number;
  questions: QuestionStats[];
  /** In page order: the funnel of how far participants got. */
  pages: PageStats[];
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Pearson correlation; null with fewer than two pairs or when either side does not vary. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length < 2 || xs.length !== ys.length) return null;
  const mx = mean(xs)!;
  const my = mean(ys)!;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // Rounding can leave a tiny variance where there is none.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

const answerKey = (pageId: string, question: string) => JSON.stringify([pageId, question]);

export function questionStats(
  pages: readonly StatsPage[],
  answers: readonly StatsAnswer[],
): ModuleQuestionStats {
  const known = new Set(pages.flatMap((page) => page.questions.map((q) => answerKey(page.pageId, q.name))));
  // Only answers to questions the module still has, and only real answers, count.
  const counted = answers.filter(
    (answer) => known.has(answerKey(answer.pageId, answer.question)) && isAnswered(answer.answer),
  );
  const totals = new Map<string, number>();
  for (const answer of counted) totals.set(answer.userId, (totals.get(answer.userId) ?? 0) + answer.score);
  const participants = totals.size;

  const byQuestion = new Map<string, StatsAnswer[]>();
  for (const answer of counted) {
    const key = answerKey(answer.pageId, answer.question);
    byQuestion.set(key, [...(byQuestion.get(key) ?? []), answer]);
  }

  const questions: QuestionStats[] = [];
  const pageStats: PageStats[] = [];
  for (const page of pages) {
    const answeredBy = new Map<string, number>();
    for (const question of page.questions) {
      const rows = byQuestion.get(answerKey(page.pageId, question.name)) ?? [];
      for (const row of rows) answeredBy.set(row.userId, (answeredBy.get(row.userId) ?? 0) + 1);
      const answered = rows.length;
      const options =
        question.questionType === 'open' || listsAnswers(question.questionType)
          ? []
          : question.options.map((option) => {
              const count = rows.filter((row) =>
                Array.isArray(row.answer) ? row.answer.includes(option.value) : row.answer === option.value,
              ).length;
              return { value: option.value, count, share: answered === 0 ? 0 : count / answered };
            });
      // A score not given yet is no 0 (ADR 18): facility and discrimination read the scored answers.
      const scored = rows.filter((row) => !row.awaitingScore);
      const meanScore = mean(scored.map((row) => row.score));
      questions.push({
        pageId: page.pageId,
        name: question.name,
        questionType: question.questionType,
        answered,
        awaitingScore: answered - scored.length,
        options,
        frequent: listsAnswers(question.questionType) ? frequentAnswers(question, rows) : [],
        parts: partShares(question.parts ?? [], rows),
        scores: question.parts ? scoreBands(question.maxScore, scored) : null,
        facility: meanScore === null || question.maxScore <= 0 ? null : meanScore / question.maxScore,
        discrimination: correlation(
          scored.map((row) => row.score),
          scored.map((row) => totals.get(row.userId)! - row.score),
        ),
        meanAttempts: mean(rows.map((row) => row.attempts)),
      });
    }
    const completed =
      page.questions.length === 0
        ? 0
        : [...answeredBy.values()].filter((count) => count === page.questions.length).length;
    pageStats.push({
      pageId: page.pageId,
      reached: answeredBy.size,
      completed,
      completion: participants === 0 || page.questions.length === 0 ? null : completed / participants,
    });
  }
  return { participants, questions, pages: pageStats };
}
