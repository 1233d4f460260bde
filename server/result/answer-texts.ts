import { type Element, isQuestion, type QuestionElement } from '../../events/page/content';
import type { AnswerValue } from '../../events/result/answers';

/**
 * Answers as teachers read them (docs/guide/results-and-scoring.md): the option texts of a choice,
 * in the module's language (an option's label is written in the language of its module), instead of
 * the option values the participant's form sent; an open or short answer as typed; a number as typed
 * with the question's unit after it. Pure, so results screens, GraphQL and the CSV read an answer the
 * same way.
 */

/** Between the texts of several ticked options, in the CSV and on screen. */
const ANSWER_SEPARATOR = '; ';

export type LabelledQuestion = Pick<QuestionElement, 'questionType'> & {
  options: readonly { label: string; value: string }[];
  /** A numeric question's unit ('%', 'kg'); absent or empty when it has none. */
  unit?: string;
};

/** Question types whose answer is a text the participant typed, not option values. */
const typedTypes: ReadonlySet<QuestionElement['questionType']> = new Set(['open', 'short', 'numeric']);

/**
 * The texts of an answer: the labels of the chosen options in the question's option order, or the
 * typed answer as one text (an open answer whole; a short or numeric one trimmed, a number with its
 * unit). A value no longer among the options (the option was removed after the
 * participant answered) reads as itself, after the known ones; no answer reads as no text.
 */
export function answerLabels(question: LabelledQuestion, answer: AnswerValue | null | undefined): string[] {
  if (answer === null || answer === undefined) return [];
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
