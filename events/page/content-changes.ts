import { type Element, elementSchema } from './content';

/**
 * What changed between two versions of a page's elements, element by element: matched by name (a
 * name is unique on a page and keys the answers), positions counted from 1 as an author reads them.
 * The page history and the editor's "Show changes" both read it.
 */
export type ElementChange =
  | { kind: 'added'; position: number; element: Element }
  | { kind: 'removed'; position: number; element: Element }
  | { kind: 'changed'; position: number; before: Element; after: Element }
  | { kind: 'moved'; position: number; from: number; element: Element };

/** Compared with every default filled in: content stored before a field existed is not a change. */
const filled = (element: Element) => elementSchema.safeParse(element).data ?? element;
const same = (a: Element, b: Element) => JSON.stringify(filled(a)) === JSON.stringify(filled(b));

export function elementChanges(before: readonly Element[], after: readonly Element[]): ElementChange[] {
  const beforeByName = new Map(before.map((element, index) => [element.name, { element, index }]));
  const afterNames = new Set(after.map((element) => element.name));
  // A move is judged among the elements both versions share, so an insertion moves nothing.
  const keptBefore = before.filter((element) => afterNames.has(element.name)).map((element) => element.name);
  const keptAfter = after.filter((element) => beforeByName.has(element.name)).map((element) => element.name);
  const changes: ElementChange[] = [];
  after.forEach((element, index) => {
    const old = beforeByName.get(element.name);
    if (!old) changes.push({ kind: 'added', position: index + 1, element });
    else if (!same(old.element, element))
      changes.push({ kind: 'changed', position: index + 1, before: old.element, after: element });
    else if (keptBefore.indexOf(element.name) !== keptAfter.indexOf(element.name))
      changes.push({ kind: 'moved', position: index + 1, from: old.index + 1, element });
  });
  before.forEach((element, index) => {
    if (!afterNames.has(element.name)) changes.push({ kind: 'removed', position: index + 1, element });
  });
  return changes;
}

/** An element as the words an author reads in it: a text, a question with its options, a video's address. */
export function elementText(element: Element): string {
  switch (element.type) {
    case 'markdown':
      return element.text;
    case 'video':
      return element.url;
    case 'textarea':
      return [element.label, element.schema.info].filter(Boolean).join('\n');
    case 'numeric':
      return [
        element.label,
        ...element.accepted.map(
          (accepted) =>
            `• ${accepted.value}${accepted.tolerance ? ` ± ${accepted.tolerance}` : ''}${element.unit ? ` ${element.unit}` : ''} (${accepted.score})${accepted.feedback ? ` — ${accepted.feedback}` : ''}`,
        ),
        element.schema.info,
      ]
        .filter(Boolean)
        .join('\n');
    case 'shortText':
      return [
        element.label,
        ...element.accepted.map(
          (accepted) =>
            `• ${accepted.text} (${accepted.score})${accepted.feedback ? ` — ${accepted.feedback}` : ''}`,
        ),
        element.schema.info,
      ]
        .filter(Boolean)
        .join('\n');
    case 'matching':
      return [
        element.label,
        ...element.pairs.map((pair) => `• ${pair.prompt} → ${pair.match} (${pair.score})`),
        ...element.distractors.map((distractor) => `• ✗ ${distractor.label}`),
        element.schema.info,
      ]
        .filter(Boolean)
        .join('\n');
    case 'ordering':
      return [
        element.label,
        ...element.items.map((item, index) => `${index + 1}. ${item.label}`),
        `(${element.scoring}, ${element.score})`,
        element.schema.info,
      ]
        .filter(Boolean)
        .join('\n');
    case 'fillBlanks':
      return [
        element.label,
        element.text,
        ...element.gaps.map(
          (gap, index) =>
            `[[${index + 1}]] ${
              gap.kind === 'text'
                ? gap.accepted.map((accepted) => `${accepted.text} (${accepted.score})`).join(' | ')
                : gap.options.map((option) => `${option.label} (${option.score})`).join(' | ')
            }`,
        ),
        element.schema.info,
      ]
        .filter(Boolean)
        .join('\n');
    default:
      return [
        element.label,
        ...element.options.map(
          (option) => `• ${option.label} (${option.score})${option.feedback ? ` — ${option.feedback}` : ''}`,
        ),
        element.schema.info,
      ]
        .filter(Boolean)
        .join('\n');
  }
}

export interface TextPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many words on either side, a text is shown as wholly replaced rather than compared. */
const MAX_WORDS = 1500;

/** Word by word (whitespace kept), what was removed from `before` and added in `after`. */
export function textChanges(before: string, after: string): TextPart[] {
  const a = before.split(/(\s+)/).filter((part) => part !== '');
  const b = after.split(/(\s+)/).filter((part) => part !== '');
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    return [
      ...(before ? [{ kind: 'removed' as const, text: before }] : []),
      ...(after ? [{ kind: 'added' as const, text: after }] : []),
    ];
  }
  // Longest common subsequence, filled from the end so the walk below goes forwards.
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const parts: TextPart[] = [];
  const push = (kind: TextPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      // What went comes before what replaced it.
      push('removed', a[i]!);
      i++;
    } else {
      push('added', b[j]!);
      j++;
    }
  }
  return parts;
}
