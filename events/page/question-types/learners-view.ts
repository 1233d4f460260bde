import { seededShuffle } from '../../result/randomize';

/**
 * What a learner receives of a matching, ordering or fill-in-the-blanks question, apart from the
 * schemas: the learner's page turns a question an editor receives whole into this shape too, and
 * must not download zod for it (docs/development/performance.md).
 */

type Labelled = { value: string; label: string };

interface MatchingShape {
  pairs: readonly { value: string; prompt: string; match: string }[];
  distractors: readonly Labelled[];
}

const byLabel = (a: { label: string; value: string }, b: { label: string; value: string }) =>
  a.label.localeCompare(b.label) || a.value.localeCompare(b.value);

/**
 * The id a learner sees for each match. Were it the pair's value, the prompt and its right match would
 * carry the same id and give the pairing away; an id from the matches' place in label order tells
 * nothing about the pairing and needs no seed to read an answer back. Editing a label can renumber
 * the matches, as editing an option's value does for a choice.
 */
export function matchIds(question: MatchingShape): Map<string, string> {
  const all = [
    ...question.pairs.map(({ value, match }) => ({ value, label: match })),
    ...question.distractors,
  ].sort(byLabel);
  return new Map(all.map(({ value }, index) => [value, `m${index + 1}`]));
}

export interface MatchingPublic {
  prompts: { value: string; label: string }[];
  matches: { value: string; label: string }[];
}

/**
 * What a learner receives: the prompts in the author's order and the matches by label, or shuffled
 * per participant with a seed; no scores, no feedback, and match ids that do not name the pairs.
 */
export function matchingPublic(question: MatchingShape, seed?: string): MatchingPublic {
  const ids = matchIds(question);
  const matches = [
    ...question.pairs.map(({ value, match }) => ({ value, label: match })),
    ...question.distractors.map(({ value, label }) => ({ value, label })),
  ]
    .sort(byLabel)
    .map(({ value, label }) => ({ value: ids.get(value) ?? value, label }));
  return {
    prompts: question.pairs.map(({ value, prompt }) => ({ value, label: prompt })),
    matches: seed === undefined ? matches : seededShuffle(matches, `${seed}:matches`),
  };
}

/**
 * What a learner receives: the items shuffled per participant, never in the right order (a shuffle
 * that lands on it is turned one place, which moves every item since there are at least two).
 */
export function orderingPublic(
  question: { items: readonly Labelled[] },
  seed = '',
): {
  items: { value: string; label: string }[];
} {
  const items = question.items.map(({ value, label }) => ({ value, label }));
  const shuffled = seededShuffle(items, `${seed}:order`);
  const unchanged = shuffled.every((item, index) => item.value === items[index]?.value);
  return { items: unchanged ? [...shuffled.slice(1), ...shuffled.slice(0, 1)] : shuffled };
}

type GapShape = { kind: 'text' } | { kind: 'select'; options: readonly { label: string; value: string }[] };

export type PublicGap = { kind: 'text' } | { kind: 'select'; options: { label: string; value: string }[] };

/** What a learner receives: the text, typed gaps without their accepted texts, lists without scores or feedback. */
export const fillBlanksPublic = (question: {
  text: string;
  gaps: readonly GapShape[];
}): { text: string; gaps: PublicGap[] } => ({
  text: question.text,
  gaps: question.gaps.map((gap) =>
    gap.kind === 'text'
      ? { kind: 'text' }
      : { kind: 'select', options: gap.options.map(({ label, value }) => ({ label, value })) },
  ),
});
