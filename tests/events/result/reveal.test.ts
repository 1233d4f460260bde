import { describe, expect, it } from 'vitest';
import { type CheckReveals, type Reveal, revealFor } from '../../../events/result/reveal';

const single = {
  questionType: 'single' as const,
  schema: { autoShow: false, attempts: 2, info: 'General', maxScore: 1 },
  options: [
    { label: 'L', value: 'a', score: 1, feedback: 'Yes, a.' },
    { label: 'L', value: 'b', score: 0, feedback: 'Not b.' },
    { label: 'L', value: 'c', score: 0 },
  ],
};
const multiple = {
  ...single,
  questionType: 'multiple' as const,
  options: [
    { label: 'L', value: 'a', score: 1, feedback: 'A counts.' },
    { label: 'L', value: 'b', score: 1 },
    { label: 'L', value: 'c', score: -1, feedback: 'C costs.' },
  ],
};
const open = { ...single, questionType: 'open' as const, options: [] };

type Row = [
  string,
  typeof single | typeof multiple | typeof open,
  string | string[] | null,
  boolean,
  CheckReveals,
  Reveal,
];

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
];

describe('revealFor', () => {
  it.each(rows)('%s', (_name, question, answer, final, reveals, expected) => {
    expect(revealFor(question, { answer, final }, reveals)).toEqual(expected);
  });
});
