import { describe, expect, it } from 'vitest';
import { elementSchema, type QuestionElement } from '../../../events/page/content';
import { type CheckReveals, type Reveal, revealFor } from '../../../events/result/reveal';

const asQuestion = (element: unknown) => elementSchema.parse(element) as QuestionElement;
const base = { name: 'q', label: 'Q', schema: { attempts: 2, info: 'General' } };

const single = asQuestion({
  ...base,
  type: 'radio',
  questionType: 'single',
  options: [
    { label: 'L', value: 'a', score: 1, feedback: 'Yes, a.' },
    { label: 'L', value: 'b', score: 0, feedback: 'Not b.' },
    { label: 'L', value: 'c', score: 0 },
  ],
});
const multiple = asQuestion({
  ...base,
  type: 'checkbox',
  questionType: 'multiple',
  options: [
    { label: 'L', value: 'a', score: 1, feedback: 'A counts.' },
    { label: 'L', value: 'b', score: 1 },
    { label: 'L', value: 'c', score: -1, feedback: 'C costs.' },
  ],
});
const open = asQuestion({ ...base, type: 'textarea', questionType: 'open' });
const numeric = asQuestion({
  ...base,
  type: 'numeric',
  questionType: 'numeric',
  unit: '%',
  accepted: [
    { value: 25, tolerance: 1, score: 2, feedback: 'One in four.' },
    { value: 50, score: 1, feedback: 'That is half.' },
  ],
});
const short = asQuestion({
  ...base,
  type: 'shortText',
  questionType: 'short',
  accepted: [
    { text: 'consent', score: 1, feedback: 'Yes: consent.' },
    { text: 'agree*', score: 0, feedback: 'Close: the word is a noun.' },
  ],
});

type Row = [string, QuestionElement, string | string[] | null, boolean, CheckReveals, Reveal];

const rows: Row[] = [
  ['nothing reveals nothing while attempts are left', single, 'b', false, 'nothing', {}],
  ['nothing still shows the general feedback at the end', single, 'b', true, 'nothing', { info: 'General' }],
  ['verdict: a wrong choice', single, 'b', false, 'verdict', { verdict: 'wrong' }],
  ['verdict: a right choice', single, 'a', false, 'verdict', { verdict: 'right' }],
  [
    'feedback: the chosen option’s text',
    single,
    'b',
    false,
    'feedback',
    { verdict: 'wrong', feedback: ['Not b.'] },
  ],
  ['feedback: an option without text adds none', single, 'c', false, 'feedback', { verdict: 'wrong' }],
  [
    'answer: the correct values too',
    single,
    'b',
    false,
    'answer',
    { verdict: 'wrong', feedback: ['Not b.'], correct: ['a'] },
  ],
  [
    'multiple: some right is partly',
    multiple,
    ['a'],
    false,
    'feedback',
    { verdict: 'partly', feedback: ['A counts.'] },
  ],
  ['multiple: all right', multiple, ['a', 'b'], false, 'verdict', { verdict: 'right' }],
  [
    'multiple: a penalty to zero is wrong',
    multiple,
    ['a', 'c'],
    false,
    'feedback',
    { verdict: 'wrong', feedback: ['A counts.', 'C costs.'] },
  ],
  ['no answer reveals no verdict', single, null, false, 'answer', {}],
  ['open answers get no verdict', open, 'text', true, 'answer', { info: 'General' }],
  [
    'numeric: within tolerance is right',
    numeric,
    '24,5',
    false,
    'feedback',
    { verdict: 'right', feedback: ['One in four.'] },
  ],
  [
    'numeric: a lesser accepted answer is partly right',
    numeric,
    '50',
    false,
    'verdict',
    { verdict: 'partly' },
  ],
  ['numeric: outside every tolerance is wrong', numeric, '30', false, 'feedback', { verdict: 'wrong' }],
  [
    'numeric: the answer shows the best value',
    numeric,
    '30',
    false,
    'answer',
    { verdict: 'wrong', correct: ['25 ± 1'] },
  ],
  [
    'short: case and accents do not matter',
    short,
    ' Consent ',
    false,
    'feedback',
    { verdict: 'right', feedback: ['Yes: consent.'] },
  ],
  [
    'short: a wildcard answer with zero score is wrong, with its feedback',
    short,
    'agreement',
    false,
    'answer',
    { verdict: 'wrong', feedback: ['Close: the word is a noun.'], correct: ['consent'] },
  ],
  [
    'short: nothing at the end shows only the general feedback',
    short,
    'x',
    true,
    'nothing',
    { info: 'General' },
  ],
];

describe('revealFor', () => {
  it.each(rows)('%s', (_name, question, answer, final, reveals, expected) => {
    expect(revealFor(question, { answer, final }, reveals)).toEqual(expected);
  });
});
