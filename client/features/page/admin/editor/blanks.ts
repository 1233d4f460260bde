// No browser globals here: unit tests import it in Node.

/**
 * The blanks of a fill-in-the-blanks text are markers [[1]], [[2]]… that must stand in the text once
 * each and in order (pageErrors.gapsMismatch). Inserting or removing one here renumbers the others, so an
 * author who uses the editor's buttons never has to count.
 */
const MARKER = /\[\[(\d+)\]\]/g;

/** The blank numbers in the text, in the order they are written. */
export const blankNumbers = (text: string) => [...text.matchAll(MARKER)].map((match) => Number(match[1]));

const renumber = (text: string, change: (number: number) => number) =>
  text.replace(MARKER, (_, number: string) => `[[${change(Number(number))}]]`);

const wordChar = /[\p{L}\p{N}]/u;

/**
 * Puts a new blank at the cursor (a selection is replaced): it takes the number of its place among
 * the markers, and the markers after it move up by one. Answers the new text, the cursor after the
 * marker and the index the new blank takes in the list of gaps. A cursor inside a marker counts as
 * after it; a space keeps the marker off a word it would touch.
 */
export function insertBlank(text: string, start: number, end = start) {
  let from = start;
  let to = end;
  for (const match of text.matchAll(MARKER)) {
    const markerEnd = match.index + match[0].length;
    if (match.index < from && from < markerEnd) from = markerEnd;
    if (match.index < to && to < markerEnd) to = markerEnd;
  }
  to = Math.max(from, to);
  const before = text.slice(0, from);
  const after = text.slice(to);
  const index = blankNumbers(before).length;
  const lead = wordChar.test(before.slice(-1)) ? ' ' : '';
  const trail = wordChar.test(after.slice(0, 1)) ? ' ' : '';
  const marker = `${lead}[[${index + 1}]]${trail}`;
  const value = `${before}${marker}${renumber(after, (number) => (number > index ? number + 1 : number))}`;
  return { value, cursor: before.length + marker.length - trail.length, index };
}

/**
 * Takes blank `index` (0-based) out of the text: its marker goes, with a space it would leave doubled
 * or at the start of a line,
 * and the markers after it move down by one, so the text still matches the gaps without it.
 */
export function removeBlank(text: string, index: number): string {
  const number = index + 1;
  const marker = `[[${number}]]`;
  const at = text.indexOf(marker);
  let value = text;
  if (at >= 0) {
    let before = text.slice(0, at);
    let after = text.slice(at + marker.length);
    if (before.endsWith(' ') && (after.startsWith(' ') || /^[.,;:!?]/.test(after)))
      before = before.slice(0, -1);
    else if ((before === '' || before.endsWith('\n')) && after.startsWith(' ')) after = after.slice(1);
    value = `${before}${after}`;
  }
  return renumber(value, (other) => (other > number ? other - 1 : other));
}

type Answer = { text: string; score: number; feedback?: string };
type Option = { label: string; value: string; score: number; feedback?: string };
type TextGapValues = { kind: 'text'; accepted: Answer[]; caseSensitive?: boolean; accentSensitive?: boolean };
type SelectGapValues = { kind: 'select'; options: Option[] };

/**
 * A typed blank turned into a list: each accepted text becomes an option with its score and
 * feedback (`*` kept as written, for the author to reword), topped up to the two options a list
 * needs. What the author wrote is not lost by trying the other kind.
 */
export function toSelectGap(gap: TextGapValues): SelectGapValues {
  const options: Option[] = gap.accepted.map((answer, index) => ({
    label: answer.text,
    value: `option${index + 1}`,
    score: answer.score,
    feedback: answer.feedback ?? '',
  }));
  while (options.length < 2)
    options.push({ label: '', value: `option${options.length + 1}`, score: 0, feedback: '' });
  return { kind: 'select', options };
}

/** A list turned into a typed blank: each option's text becomes an accepted answer. */
export function toTextGap(gap: SelectGapValues): TextGapValues {
  return {
    kind: 'text',
    accepted: gap.options.map(({ label, score, feedback }) => ({
      text: label,
      score,
      feedback: feedback ?? '',
    })),
    caseSensitive: false,
    accentSensitive: false,
  };
}
