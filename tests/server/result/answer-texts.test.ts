import { describe, expect, it } from 'vitest';
import type { Element } from '../../../events/page/content';
import type { AnswerValue } from '../../../events/result/answers';
import {
  answerEntries,
  answerLabels,
  answerText,
  type LabelledQuestion,
} from '../../../server/result/answer-texts';

const single: LabelledQuestion = {
  questionType: 'single',
  options: [
    { label: 'De pil', value: 'pill' },
    { label: 'Het condoom', value: 'condom' },
  ],
};
const multiple: LabelledQuestion = {
  questionType: 'multiple',
  options: [
    { label: 'Onderwijs', value: 'education' },
    { label: 'Gezondheid', value: 'health' },
    { label: 'Werk', value: 'work' },
  ],
};
const open: LabelledQuestion = { questionType: 'open', options: [] };
const year: LabelledQuestion = { questionType: 'numeric', options: [] };
const share: LabelledQuestion = { questionType: 'numeric', options: [], unit: '%' };
const city: LabelledQuestion = { questionType: 'short', options: [] };
const capitals: LabelledQuestion = {
  questionType: 'matching',
  options: [],
  pairs: [
    { value: 'paris', prompt: 'Parijs', match: 'Frankrijk', score: 1, feedback: '' },
    { value: 'rome', prompt: 'Rome', match: 'Italië', score: 1, feedback: '' },
  ],
  distractors: [{ value: 'spain', label: 'Spanje' }],
};
// matchingPublic numbers the matches in label order: m1 Frankrijk, m2 Italië, m3 Spanje.
const steps: LabelledQuestion = {
  questionType: 'ordering',
  options: [],
  items: [
    { value: 'ask', label: 'Vragen' },
    { value: 'listen', label: 'Luisteren' },
    { value: 'agree', label: 'Afspreken' },
  ],
};
const blanks: LabelledQuestion = {
  questionType: 'fillBlanks',
  options: [],
  gaps: [
    {
      kind: 'text',
      accepted: [{ text: 'Parijs', score: 1, feedback: '' }],
      caseSensitive: false,
      accentSensitive: false,
    },
    {
      kind: 'select',
      options: [
        { label: 'de Seine', value: 'seine', score: 1, feedback: '' },
        { label: 'de Rijn', value: 'rhine', score: 0, feedback: '' },
      ],
    },
  ],
};

/** Given a question and an answer, then the texts a teacher reads. */
describe('answerLabels: option texts instead of option values', () => {
  const cases: [string, LabelledQuestion, AnswerValue | null | undefined, string[]][] = [
    ['a single choice reads as its option text', single, 'condom', ['Het condoom']],
    ['several choices read in option order', multiple, ['work', 'education'], ['Onderwijs', 'Werk']],
    ['one choice of a multiple', multiple, ['health'], ['Gezondheid']],
    [
      'a removed option reads as its value, after the known ones',
      multiple,
      ['gone', 'health'],
      ['Gezondheid', 'gone'],
    ],
    ['a removed single option reads as its value', single, 'ring', ['ring']],
    ['a value twice counts once', multiple, ['gone', 'gone'], ['gone']],
    [
      'an open answer reads as typed',
      open,
      'Omdat "keuzes" rechten zijn.\nEn meer.',
      ['Omdat "keuzes" rechten zijn.\nEn meer.'],
    ],
    ['an empty open answer is no text', open, '   ', []],
    ['a number reads as typed', year, ' 1994 ', ['1994']],
    ['a number reads with its unit, its decimal comma kept', share, '25,5', ['25,5 %']],
    ['a blank number is no text', share, ' ', []],
    ['a short answer reads as typed, trimmed', city, '  Kaïro ', ['Kaïro']],
    [
      'matches read as prompt → match by their texts, in prompt order',
      capitals,
      ['paris=m1', 'rome=m3'],
      ['Parijs → Frankrijk', 'Rome → Spanje'],
    ],
    [
      'a removed match reads as ?, a removed prompt as its value',
      capitals,
      ['gone=m2', 'rome=m9'],
      ['gone → Italië', 'Rome → ?'],
    ],
    [
      'an order reads as its numbered items',
      steps,
      ['listen', 'ask', 'agree'],
      ['1. Luisteren', '2. Vragen', '3. Afspreken'],
    ],
    ['a removed item reads as its value', steps, ['gone', 'ask'], ['1. gone', '2. Vragen']],
    [
      'blanks read per gap, a chosen option as its text',
      blanks,
      [' parijs ', 'rhine'],
      ['[1] parijs', '[2] de Rijn'],
    ],
    ['an empty blank among filled ones reads as a dash', blanks, ['', 'seine'], ['[1] —', '[2] de Seine']],
    ['blanks all empty are no text', blanks, ['', ' '], []],
    ['no ticked option is no text', multiple, [], []],
    ['no answer is no text', single, null, []],
    ['an unknown answer is no text', single, undefined, []],
  ];
  it.each(cases)('%s', (_, question, answer, labels) => {
    expect(answerLabels(question, answer)).toEqual(labels);
  });

  it("joins several texts with '; '", () => {
    expect(answerText(multiple, ['education', 'health', 'work'])).toBe('Onderwijs; Gezondheid; Werk');
    expect(answerText(single, null)).toBe('');
    expect(answerText(steps, ['agree', 'listen', 'ask'])).toBe('1. Afspreken; 2. Luisteren; 3. Vragen');
  });
});

describe('answerEntries: a result with its texts, in page order', () => {
  const content: Element[] = [
    { type: 'markdown', text: 'Lees eerst.' } as Element,
    {
      type: 'radio',
      questionType: 'single',
      name: 'method',
      label: 'Welke methode is hormonaal?',
      schema: { autoShow: false, attempts: 0, info: '', maxScore: 1 },
      options: [
        { label: 'De pil', value: 'pill', score: 1, feedback: '' },
        { label: 'Het condoom', value: 'condom', score: 0, feedback: '' },
      ],
    },
    {
      type: 'textarea',
      questionType: 'open',
      name: 'why',
      label: 'Waarom?',
      schema: { autoShow: false, attempts: 0, info: '', maxScore: 3 },
      options: [],
    },
  ];

  it('given answers on a page, lists each answered question with value, labels and text', () => {
    const entries = answerEntries(
      [
        { path: 'empty', name: 'Leeg' },
        { path: 'quiz', name: 'Quiz' },
      ],
      new Map([['quiz', content]]),
      { quiz: { method: 'pill', why: null, gone: 'x' } },
    );
    expect(entries).toEqual([
      {
        page: 'quiz',
        pageName: 'Quiz',
        question: 'method',
        label: 'Welke methode is hormonaal?',
        questionType: 'single',
        value: 'pill',
        labels: ['De pil'],
        text: 'De pil',
      },
    ]);
  });

  it('keeps a hidden page name hidden', () => {
    const entries = answerEntries([{ path: 'quiz', name: null }], new Map([['quiz', content]]), {
      quiz: { why: 'Omdat.' },
    });
    expect(entries).toMatchObject([{ pageName: null, question: 'why', labels: ['Omdat.'], text: 'Omdat.' }]);
  });
});
