import type { FieldError, FieldErrors, FieldValues } from 'react-hook-form';
import { get } from 'react-hook-form';
import type { CaptionTrack } from '../../../../../events/page/captions';
import type { PageInput } from '../../../../../events/page/commands';
import { DEFAULT_VIDEO_TIME_SECONDS } from '../../../../../events/page/content';

export type PageFormValues = PageInput;
export type ElementValues = NonNullable<PageInput['content']>[number];
export type ElementKind =
  | 'markdown'
  | 'radio'
  | 'checkbox'
  | 'textarea'
  | 'numeric'
  | 'shortText'
  | 'matching'
  | 'ordering'
  | 'fillBlanks'
  | 'video';
export const elementKinds: ElementKind[] = [
  'markdown',
  'radio',
  'checkbox',
  'textarea',
  'numeric',
  'shortText',
  'matching',
  'ordering',
  'fillBlanks',
  'video',
];

export const isQuestionValues = (element: ElementValues) => 'questionType' in element;

const prefixOf: Record<ElementKind, string> = {
  markdown: 'text',
  radio: 'question',
  checkbox: 'question',
  textarea: 'question',
  numeric: 'question',
  shortText: 'question',
  matching: 'question',
  ordering: 'question',
  fillBlanks: 'question',
  video: 'video',
};

/** The first free name like `question3`: element names key the answers, so they stay unique. */
export function freeName(kind: ElementKind, taken: string[]): string {
  const prefix = prefixOf[kind];
  let n = 1;
  while (taken.includes(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

const settings = () => ({ autoShow: false, attempts: 0, info: '', maxScore: 1 });

/** A new, empty element of a kind, named so it does not clash with the page's other elements. */
export function newElement(kind: ElementKind, taken: string[]): ElementValues {
  const name = freeName(kind, taken);
  switch (kind) {
    case 'markdown':
      return { type: 'markdown', name, text: '' };
    case 'video':
      return { type: 'video', name, url: '', tracks: [] };
    case 'radio':
    case 'checkbox':
      return {
        type: kind,
        questionType: kind === 'radio' ? 'single' : 'multiple',
        name,
        label: '',
        schema: settings(),
        options: [
          { label: '', value: 'option1', score: 1 },
          { label: '', value: 'option2', score: 0 },
        ],
      } as ElementValues;
    case 'textarea':
      return { type: 'textarea', questionType: 'open', name, label: '', schema: settings(), options: [] };
    // One accepted answer to fill in: a question without any cannot be saved (pageErrors.acceptedMin). Its
    // value starts as NaN, an empty field that is refused next to it until the author types a number.
    case 'numeric':
      return {
        type: 'numeric',
        questionType: 'numeric',
        name,
        label: '',
        schema: settings(),
        options: [],
        accepted: [{ value: Number.NaN, tolerance: 0, score: 1, feedback: '' }],
        unit: '',
      };
    case 'shortText':
      return {
        type: 'shortText',
        questionType: 'short',
        name,
        label: '',
        schema: settings(),
        options: [],
        accepted: [{ text: '', score: 1, feedback: '' }],
        caseSensitive: false,
        accentSensitive: false,
      };
    // Two empty pairs and two empty items: fewer cannot be saved (pageErrors.pairsMin, pageErrors.itemsMin).
    case 'matching':
      return {
        type: 'matching',
        questionType: 'matching',
        name,
        label: '',
        schema: settings(),
        options: [],
        pairs: [newPair([]), newPair(['pair1'])],
        distractors: [],
      };
    case 'ordering':
      return {
        type: 'ordering',
        questionType: 'ordering',
        name,
        label: '',
        schema: settings(),
        options: [],
        items: [
          { value: 'item1', label: '' },
          { value: 'item2', label: '' },
        ],
        scoring: 'all',
        score: 1,
      };
    // One typed blank, already in the text, for the author to write the sentence around.
    case 'fillBlanks':
      return {
        type: 'fillBlanks',
        questionType: 'fillBlanks',
        name,
        label: '',
        schema: settings(),
        options: [],
        text: '[[1]]',
        gaps: [newTextGap()],
      };
  }
}

/**
 * The first free id like `pair3` among `taken`. Pairs, distractors, items and list options get
 * their ids from the editor, so authors never type one; an id, once given, stays with its row.
 */
export function freeValue(prefix: string, taken: readonly string[]): string {
  let n = 1;
  while (taken.includes(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** A new, empty pair of a matching question; `taken` holds the ids of its pairs and distractors. */
export const newPair = (taken: readonly string[]) => ({
  value: freeValue('pair', taken),
  prompt: '',
  match: '',
  score: 1,
  feedback: '',
});

/** A new typed blank with one accepted answer to fill in (pageErrors.acceptedMin refuses none). */
export const newTextGap = () => ({
  kind: 'text' as const,
  accepted: [{ text: '', score: 1, feedback: '' }],
  caseSensitive: false,
  accentSensitive: false,
});

/**
 * True or false: a single choice with two options, the first scored right; the author flips the
 * scores when the statement is false. The labels come in the editor's language, to be edited.
 */
export function trueFalseElement(taken: string[], labels: { true: string; false: string }): ElementValues {
  return {
    type: 'radio',
    questionType: 'single',
    name: freeName('radio', taken),
    label: '',
    schema: settings(),
    options: [
      { label: labels.true, value: 'true', score: 1, feedback: '' },
      { label: labels.false, value: 'false', score: 0, feedback: '' },
    ],
  };
}

export const newInteractiveVideo = () => ({
  show: true,
  url: '',
  videoTime: DEFAULT_VIDEO_TIME_SECONDS,
  timestamps: [] as { hh: number; mm: number; ss: number; references: string[] }[],
  tracks: [] as CaptionTrack[],
});

/** A page's editable fields from what the server answers (or blanks for a new one). */
export function pageFormValues(page?: Partial<PageInput> | null): PageFormValues {
  return {
    name: page?.name ?? '',
    type: page?.type ?? 'markdown',
    content: structuredClone(page?.content ?? []),
    interactiveVideo: page?.interactiveVideo
      ? {
          show: page.interactiveVideo.show ?? true,
          url: page.interactiveVideo.url,
          videoTime: page.interactiveVideo.videoTime ?? DEFAULT_VIDEO_TIME_SECONDS,
          timestamps: (page.interactiveVideo.timestamps ?? []).map(({ hh, mm, ss, references }) => ({
            hh,
            mm,
            ss,
            references: [...(references ?? [])],
          })),
          tracks: (page.interactiveVideo.tracks ?? []).map((track) => ({ ...track })),
        }
      : null,
    estimatedTime: page?.estimatedTime ?? 0,
  };
}

/** Number inputs give NaN when empty: the schema then says "expected number", shown as a key. */
export const numberInput = { valueAsNumber: true } as const;

/**
 * The error at a dotted path. Messages of the shared schemas are i18n keys; a message that is not
 * (zod's own text for an empty number field) reads as "give a whole number".
 */
export function errorAt<T extends FieldValues>(
  errors: FieldErrors<T>,
  path: string,
  number = false,
): FieldError | undefined {
  const error = get(errors, path) as FieldError | undefined;
  if (!number || !error?.message) return error;
  return /\s/.test(error.message) ? { ...error, message: 'validation.wholeNumber' } : error;
}

/** Estimated time as learners see it: minutes, rounded, at least 1. */
export const minutesOf = (seconds: number) =>
  Math.max(1, Math.round((Number.isFinite(seconds) ? seconds : 0) / 60));

/**
 * A key made from an author's words: `Is consent needed?` → `is-consent-needed`, unique among
 * `taken` (a `-2`, `-3` suffix), starting with a letter as element names must (`prefix-` before a
 * digit), at most 40 characters. Empty words give the numbered `fallback` name.
 */
export function keyFromLabel(label: string, taken: readonly string[], prefix: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  if (!words) {
    let n = 1;
    while (taken.includes(`${prefix}${n}`)) n += 1;
    return `${prefix}${n}`;
  }
  const base = /^[a-z]/.test(words) ? words : `${prefix}-${words}`;
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}-${n}`;
  return key;
}
