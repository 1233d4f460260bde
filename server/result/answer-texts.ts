import { type Element, isQuestion, type QuestionElement } from '../../events/page/content';
import type { Gap } from '../../events/page/question-types/fill-blanks';
import { type MatchingPair, matchingPublic } from '../../events/page/question-types/matching';
import type { AnswerValue } from '../../events/result/answers';

/**
 * Answers as teachers read them (docs/guide/results-and-scoring.md): the option texts of a choice,
 * in the module's language (an option's label is written in the language of its module), instead of
 * the option values the participant's form sent; an open or short answer as typed; a number as typed
 * with the question's unit after it; matches as "prompt → match", an order as its numbered items,
 * blanks as "[1] text" with a chosen option's text. Pure, so results screens, GraphQL, the CSV and
 * the readable export read an answer the same way.
 */

/** Between the texts of several ticked options, in the CSV and on screen. */
const ANSWER_SEPARATOR = '; ';

/** A blank left empty among filled ones. */
const EMPTY_GAP = '—';

type Labelled = { label: string; value: string };

/** What reading an answer needs of its question: the texts its values stand for. */
export type LabelledQuestion = { options: readonly Labelled[] } & (
  | { questionType: 'single' | 'multiple' | 'open' | 'short' }
  /** A numeric question's unit ('%', 'kg'); absent or empty when it has none. */
  | { questionType: 'numeric'; unit?: string }
  | { questionType: 'matching'; pairs: readonly MatchingPair[]; distractors: readonly Labelled[] }
  | { questionType: 'ordering'; items: readonly Labelled[] }
  | { questionType: 'fillBlanks'; gaps: readonly Gap[] }
);

/**
 * The matches as "prompt → match" in the order of the prompts. A match reads by the id the learner
 * received (`matchingPublic`, without a seed: ids do not depend on it); a prompt or match removed
 * since reads as the prompt's value or '?', never as an id nobody wrote.
 */
function matchingLabels(
  question: Extract<LabelledQuestion, { questionType: 'matching' }>,
  answer: readonly string[],
): string[] {
  const shown = matchingPublic({ pairs: [...question.pairs], distractors: [...question.distractors] });
  const prompts = new Map(shown.prompts.map((prompt) => [prompt.value, prompt.label]));
  const matches = new Map(shown.matches.map((match) => [match.value, match.label]));
  return answer.flatMap((entry) => {
    const at = entry.indexOf('=');
    if (at < 0) return [];
    const prompt = entry.slice(0, at);
    return [`${prompts.get(prompt) ?? prompt} → ${matches.get(entry.slice(at + 1)) ?? '?'}`];
  });
}

/** Per blank "[n] text": a typed text trimmed, a chosen option as its text; all empty is no answer. */
function gapLabels(gaps: readonly Gap[], answer: readonly string[]): string[] {
  if (answer.every((value) => value.trim() === '')) return [];
  return gaps.map((gap, index) => {
    const value = (answer[index] ?? '').trim();
    const text =
      gap.kind === 'select' ? (gap.options.find((option) => option.value === value)?.label ?? value) : value;
    return `[${index + 1}] ${text === '' ? EMPTY_GAP : text}`;
  });
}

/** The answer of a question whose answer is a list of its own parts, as texts; null for other types. */
function partLabels(question: LabelledQuestion, answer: AnswerValue): string[] | null {
  const list = Array.isArray(answer) ? answer : [answer];
  switch (question.questionType) {
    case 'matching':
      return matchingLabels(question, list);
    case 'ordering': {
      const labels = new Map(question.items.map((item) => [item.value, item.label]));
      return list.map((value, index) => `${index + 1}. ${labels.get(value) ?? value}`);
    }
    case 'fillBlanks':
      return gapLabels(question.gaps, list);
    default:
      return null;
  }
}

/** Question types whose answer is a text the participant typed, not option values. */
const typedTypes: ReadonlySet<QuestionElement['questionType']> = new Set(['open', 'short', 'numeric']);

/**
 * The texts of an answer: the labels of the chosen options in the question's option order, or the
 * typed answer as one text (an open answer whole; a short or numeric one trimmed, a number with its
 * unit), or one text per match, item or blank (`partLabels`). A value no longer among the options (the option was removed after the
 * participant answered) reads as itself, after the known ones; no answer reads as no text.
 */
export function answerLabels(question: LabelledQuestion, answer: AnswerValue | null | undefined): string[] {
  if (answer === null || answer === undefined) return [];
  const parts = partLabels(question, answer);
  if (parts) return parts;
  if (typedTypes.has(question.questionType)) {
    const text = Array.isArray(answer) ? answer.join(ANSWER_SEPARATOR) : answer;
    if (text.trim() === '') return [];
    if (question.questionType === 'open') return [text];
    // A number reads as the participant typed it (a comma stays a comma), its unit after a space.
    const unit = question.questionType === 'numeric' ? (question.unit ?? '').trim() : '';
    return [unit === '' ? text.trim() : `${text.trim()} ${unit}`];
  }
  const chosen = Array.isArray(answer) ? answer : [answer];
  const known = question.options.filter((option) => chosen.includes(option.value));
  const unknown = chosen.filter(
    (value, index) =>
      value !== '' &&
      chosen.indexOf(value) === index &&
      !question.options.some((option) => option.value === value),
  );
  return [...known.map((option) => option.label), ...unknown];
}

/** The texts of an answer as one text, several options joined by '; '. */
export const answerText = (question: LabelledQuestion, answer: AnswerValue | null | undefined): string =>
  answerLabels(question, answer).join(ANSWER_SEPARATOR);

/** One answered question of a result, with its texts beside the value the participant sent. */
export interface AnswerEntry {
  page: string;
  /** Null when the module hides page names from this reader. */
  pageName: string | null;
  question: string;
  label: string;
  questionType: QuestionElement['questionType'];
  value: AnswerValue;
  labels: string[];
  text: string;
}

/**
 * Every answered question of a result in the reader's page order, each with its texts. `pages`
 * names the pages as the reader meets them, `content` holds each page's question elements (by
 * page path), `answers` the values keyed by page path and question name. Answers to questions no
 * longer on their page are left out, as the results screens leave them out.
 */
export function answerEntries(
  pages: readonly { path: string; name: string | null }[],
  content: ReadonlyMap<string, readonly Element[]>,
  answers: Readonly<Record<string, Readonly<Record<string, AnswerValue | null>>>>,
): AnswerEntry[] {
  return pages.flatMap((page) => {
    const own = answers[page.path] ?? {};
    return (content.get(page.path) ?? []).filter(isQuestion).flatMap((question) => {
      const value = own[question.name];
      if (value === null || value === undefined) return [];
      const labels = answerLabels(question, value);
      return [
        {
          page: page.path,
          pageName: page.name,
          question: question.name,
          label: question.label,
          questionType: question.questionType,
          value,
          labels,
          text: labels.join(ANSWER_SEPARATOR),
        },
      ];
    });
  });
}
