import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleFormValues } from '../../client/features/module/admin/module-form-values';
import {
  blankNumbers,
  insertBlank,
  removeBlank,
  toSelectGap,
  toTextGap,
} from '../../client/features/page/admin/editor/blanks';
import {
  type ElementValues,
  elementKinds,
  errorAt,
  freeName,
  freeValue,
  minutesOf,
  newElement,
  newInteractiveVideo,
  newPair,
  newTextGap,
  pageFormValues,
  trueFalseElement,
} from '../../client/features/page/admin/editor/elements';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';

/** What an admin types into a new element before saving. */
function filledIn(element: ElementValues): ElementValues {
  switch (element.type) {
    case 'markdown':
      return { ...element, text: '# Title' };
    case 'video':
      return { ...element, url: 'https://example.org/video.mp4' };
    case 'textarea':
      return { ...element, label: 'Why?' };
    case 'numeric':
      return {
        ...element,
        label: 'How many?',
        accepted: element.accepted?.map((a) => ({ ...a, value: 12.5 })),
      };
    case 'shortText':
      return {
        ...element,
        label: 'Which word?',
        accepted: element.accepted?.map((a) => ({ ...a, text: 'consent' })),
      };
    case 'matching':
      return {
        ...element,
        label: 'Match them.',
        pairs: element.pairs.map((pair, index) => ({ ...pair, prompt: `P${index}`, match: `M${index}` })),
      };
    case 'ordering':
      return {
        ...element,
        label: 'Order them.',
        items: element.items.map((item) => ({ ...item, label: 'x' })),
      };
    case 'fillBlanks':
      return {
        ...element,
        label: 'Fill in.',
        text: `Say ${element.text}.`,
        gaps: element.gaps.map((gap) =>
          gap.kind === 'text' ? { ...gap, accepted: gap.accepted.map((a) => ({ ...a, text: 'yes' })) } : gap,
        ),
      };
    default:
      return {
        ...element,
        label: 'Which?',
        options: element.options?.map((option, index) => ({ ...option, label: `Option ${index + 1}` })),
      } as ElementValues;
  }
}

describe('page editor elements', () => {
  it('names new elements uniquely per kind', () => {
    expect(freeName('radio', [])).toBe('question1');
    expect(freeName('checkbox', ['question1', 'question2', 'text1'])).toBe('question3');
    expect(freeName('markdown', ['question1'])).toBe('text1');
  });

  it('makes new elements of every kind that the shared page schema accepts once filled in', () => {
    const content: ElementValues[] = [];
    for (const kind of elementKinds)
      content.push(
        filledIn(
          newElement(
            kind,
            content.map((e) => e.name),
          ),
        ),
      );
    expect(new Set(content.map((element) => element.name)).size).toBe(content.length);
    const parsed = pageInputSchema.safeParse({ name: 'Page', type: 'question', content, estimatedTime: 60 });
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('makes a true-or-false question: a single choice whose first option is right, once its statement is written', () => {
    const element = trueFalseElement(['question1'], { true: 'Juist', false: 'Onjuist' });
    expect(element).toMatchObject({ type: 'radio', questionType: 'single', name: 'question2' });
    const parsed = pageInputSchema.safeParse({
      name: 'Stellingen',
      type: 'question',
      content: [{ ...element, label: 'Condooms beschermen ook tegen soa.' }],
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.content[0]).toMatchObject({
      options: [
        { label: 'Juist', value: 'true', score: 1 },
        { label: 'Onjuist', value: 'false', score: 0 },
      ],
    });
  });

  it('leaves an untouched choice question refused with keys next to its fields', () => {
    const parsed = pageInputSchema.safeParse({
      name: 'Page',
      type: 'question',
      content: [newElement('radio', [])],
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => `${issue.path.join('.')}=${issue.message}`);
    expect(paths).toContain('content.0.label=validation.required');
    expect(paths).toContain('content.0.options.0.label=validation.required');
  });

  it('leaves untouched numeric and short-answer questions refused next to their one accepted answer', () => {
    const parsed = pageInputSchema.safeParse({
      name: 'Page',
      type: 'question',
      content: [newElement('numeric', []), newElement('shortText', ['question1'])],
    });
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['content.0.label', 'content.0.accepted.0.value', 'content.1.accepted.0.text']),
    );
  });

  it('starts matching, ordering and fill-in-the-blanks questions with ids the author never types', () => {
    expect(newElement('matching', [])).toMatchObject({
      name: 'question1',
      pairs: [
        { value: 'pair1', prompt: '', match: '', score: 1 },
        { value: 'pair2', prompt: '', match: '', score: 1 },
      ],
      distractors: [],
    });
    expect(newElement('ordering', ['question1'])).toMatchObject({
      name: 'question2',
      items: [
        { value: 'item1', label: '' },
        { value: 'item2', label: '' },
      ],
      scoring: 'all',
      score: 1,
    });
    expect(newElement('fillBlanks', [])).toMatchObject({
      text: '[[1]]',
      gaps: [{ kind: 'text', accepted: [{ text: '', score: 1 }] }],
    });
    // A new row takes the first id free among all rows, so a removed row's id is given again only
    // once it is gone, and the rows that stay keep theirs.
    expect(newPair(['pair1', 'pair3', 'distractor1']).value).toBe('pair2');
    expect(freeValue('distractor', ['pair1', 'distractor1'])).toBe('distractor2');
  });

  it('leaves untouched matching, ordering and fill-in-the-blanks questions refused at their empty fields', () => {
    const parsed = pageInputSchema.safeParse({
      name: 'Page',
      type: 'question',
      content: [
        newElement('matching', []),
        newElement('ordering', ['question1']),
        newElement('fillBlanks', ['question1', 'question2']),
      ],
    });
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'content.0.pairs.0.prompt',
        'content.0.pairs.1.match',
        'content.1.items.0.label',
        'content.2.gaps.0.accepted.0.text',
      ]),
    );
  });

  it('refuses a fill-in-the-blanks text out of step with its blanks at the text', () => {
    const element = {
      ...newElement('fillBlanks', []),
      label: 'Fill in.',
      text: 'No marker here.',
      gaps: [{ ...newTextGap(), accepted: [{ text: 'yes', score: 1, feedback: '' }] }],
    };
    const parsed = pageInputSchema.safeParse({ name: 'Page', type: 'question', content: [element] });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['content.0.text', 'pageErrors.gapsMismatch'],
    ]);
  });

  it('refuses 60 minutes in a timestamp with the minutes key; 59 is fine', () => {
    const page = (mm: number) => ({
      name: 'Video',
      type: 'interactive',
      interactiveVideo: {
        ...newInteractiveVideo(),
        url: 'https://example.org/v.mp4',
        timestamps: [{ hh: 0, mm, ss: 0, references: [] }],
      },
    });
    const refused = pageInputSchema.safeParse(page(60));
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['interactiveVideo.timestamps.0.mm', 'pageErrors.minutesRange'],
    ]);
    expect(pageInputSchema.safeParse(page(59)).success).toBe(true);
  });

  it('turns a saved page back into form values that parse to the same page', () => {
    const saved = pageInputSchema.parse({
      name: 'Video',
      type: 'interactive',
      content: [filledIn(newElement('radio', []))],
      interactiveVideo: {
        ...newInteractiveVideo(),
        url: 'https://example.org/v.mp4',
        timestamps: [{ hh: 0, mm: 1, ss: 5, references: ['question1'] }],
      },
      estimatedTime: 90,
    });
    expect(pageInputSchema.parse(pageFormValues(saved))).toEqual(saved);
  });

  it("reads an empty number field's zod message as 'give a whole number', and leaves keys alone", () => {
    const errors = {
      estimatedTime: { type: 'invalid_type', message: 'Invalid input: expected number, received NaN' },
      name: { type: 'too_small', message: 'validation.required' },
    };
    expect(errorAt(errors, 'estimatedTime', true)?.message).toBe('validation.wholeNumber');
    expect(errorAt(errors, 'name')?.message).toBe('validation.required');
    expect(errorAt(errors, 'missing')).toBeUndefined();
  });

  it('shows estimated time in whole minutes, at least one', () => {
    expect(minutesOf(0)).toBe(1);
    expect(minutesOf(150)).toBe(3);
    expect(minutesOf(Number.NaN)).toBe(1);
  });
});

describe('blanks of a fill-in-the-blanks text', () => {
  it('inserts the next blank at the end, off the word before it', () => {
    expect(insertBlank('The capital is', 14)).toEqual({
      value: 'The capital is [[1]]',
      cursor: 20,
      index: 0,
    });
    expect(insertBlank('', 0)).toEqual({ value: '[[1]]', cursor: 5, index: 0 });
  });

  it('gives a blank put between others its place and moves the later ones up', () => {
    const text = 'A [[1]] and B [[2]].';
    const { value, index, cursor } = insertBlank(text, 8);
    expect(value).toBe('A [[1]] [[2]] and B [[3]].');
    expect(index).toBe(1);
    expect(value.slice(0, cursor)).toBe('A [[1]] [[2]]');
    expect(blankNumbers(value)).toEqual([1, 2, 3]);
    // Before every blank: it becomes the first.
    expect(insertBlank(text, 0).value).toBe('[[1]] A [[2]] and B [[3]].');
  });

  it('replaces a selection, and counts a cursor inside a marker as after it', () => {
    expect(insertBlank('Say hello now', 4, 9)).toMatchObject({ value: 'Say [[1]] now', index: 0 });
    expect(insertBlank('A [[1]] b', 4)).toMatchObject({ value: 'A [[1]][[2]] b', index: 1 });
  });

  it('takes a removed blank out of the text and renumbers the later ones', () => {
    expect(removeBlank('A [[1]] and B [[2]] and C [[3]].', 1)).toBe('A [[1]] and B and C [[2]].');
    expect(removeBlank('Say [[1]].', 0)).toBe('Say.');
    expect(removeBlank('[[1]] says [[2]]', 0)).toBe('says [[1]]');
    // A blank that was not in the text: the others still move down, in step with the list.
    expect(removeBlank('A [[2]] b [[3]]', 0)).toBe('A [[1]] b [[2]]');
  });

  it('keeps what the author wrote when a blank turns from typed to a list and back', () => {
    const typed = {
      kind: 'text' as const,
      accepted: [{ text: 'Brussels', score: 2, feedback: 'Yes.' }],
      caseSensitive: true,
      accentSensitive: false,
    };
    const list = toSelectGap(typed);
    expect(list).toEqual({
      kind: 'select',
      options: [
        { label: 'Brussels', value: 'option1', score: 2, feedback: 'Yes.' },
        { label: '', value: 'option2', score: 0, feedback: '' },
      ],
    });
    expect(toTextGap(list).accepted).toEqual([
      { text: 'Brussels', score: 2, feedback: 'Yes.' },
      { text: '', score: 0, feedback: '' },
    ]);
  });
});

describe('module form values', () => {
  it('start as a published-default normal module in the given language', () => {
    const values = moduleFormValues(null, 'fr');
    expect(values.language).toBe('fr');
    expect(moduleInputSchema.safeParse({ ...values, name: 'M' }).success).toBe(true);
  });

  it('a test with block progress is refused on gateProgress', () => {
    const parsed = moduleInputSchema.safeParse({
      ...moduleFormValues(null),
      name: 'M',
      test: true,
      gateProgress: true,
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['gateProgress', 'module.gateWithTest'],
    ]);
  });
});

describe('texts of the module and page admin', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = [
    ...['features/module/admin', 'features/page/admin', 'features/page/admin/editor', 'ui/admin'].flatMap(
      (folder) =>
        fs
          .readdirSync(path.join(root, 'client', folder))
          .filter((file) => /\.tsx?$/.test(file))
          .map((file) => `client/${folder}/${file}`),
    ),
  ];
  const keys = new Set(
    files.flatMap((file) =>
      [
        ...fs
          .readFileSync(path.join(root, file), 'utf8')
          .matchAll(/'((?:moduleAdmin|pageAdmin|pageEditor)\.[\w.]+)'/g),
      ].map((match) => match[1]!),
    ),
  );

  const lookUp = (catalogue: Record<string, unknown>, key: string) =>
    key.split('.').reduce<unknown>((node, part) => {
      if (node === null || typeof node !== 'object') return undefined;
      const record = node as Record<string, unknown>;
      return record[part] ?? record[`${part}_other`];
    }, catalogue);

  for (const language of ['nl', 'en', 'fr']) {
    it(`are all in ${language}`, () => {
      const catalogue = JSON.parse(
        fs.readFileSync(path.join(root, `client/locales/${language}.json`), 'utf8'),
      );
      expect(keys.size).toBeGreaterThan(100);
      expect([...keys].filter((key) => typeof lookUp(catalogue, key) !== 'string')).toEqual([]);
    });
  }

  it("keep the spec's Dutch loading error of the pages list", () => {
    const nl = JSON.parse(fs.readFileSync(path.join(root, 'client/locales/nl.json'), 'utf8'));
    expect(nl.pageAdmin.loadListError).toBe("Er ging iets mis bij het laden van de pagina's.");
  });
});
