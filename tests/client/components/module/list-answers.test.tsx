import { screen, waitFor, within } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FillBlanksAnswer } from '../../../../client/features/module/components/fill-blanks-answer';
import type { ListAnswerProps } from '../../../../client/features/module/components/learner-shape';
import { MatchingAnswer } from '../../../../client/features/module/components/matching-answer';
import { OrderingAnswer } from '../../../../client/features/module/components/ordering-answer';
import { PageRoute } from '../../../../client/features/module/routes/page';
import { clearAnswerQueue } from '../../../../client/lib/answer-queue-store';
import type { Element } from '../../../../events/page/content';
import type { AnswerValue } from '../../../../events/result/answer-value';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { learner } from '../support/users';
import { learnerServer, type PageElement, pageAddress } from './learner-server';

afterEach(() => clearAnswerQueue());

const schema = { autoShow: false, attempts: 0, info: '', maxScore: 1 };
const shared = { options: [], schema };

const matching = {
  type: 'matching',
  questionType: 'matching',
  name: 'pairs',
  label: 'Match each method with what it protects against',
  ...shared,
  prompts: [
    { value: 'condom', label: 'Condom' },
    { value: 'pill', label: 'Pill' },
  ],
  matches: [
    { value: 'm1', label: 'Pregnancy only' },
    { value: 'm2', label: 'Pregnancy and STIs' },
    { value: 'm3', label: 'Nothing' },
  ],
};

const ordering = {
  type: 'ordering',
  questionType: 'ordering',
  name: 'steps',
  label: 'Put the steps in order',
  ...shared,
  shuffled: [
    { value: 'c', label: 'Roll it down' },
    { value: 'a', label: 'Check the date' },
    { value: 'b', label: 'Open the wrapper' },
  ],
};

const fillBlanks = {
  type: 'fillBlanks',
  questionType: 'fillBlanks',
  name: 'gaps',
  label: 'Complete the sentence',
  ...shared,
  text: 'A **condom** protects against [[1]] and [[2]].',
  gaps: [
    { kind: 'text' },
    {
      kind: 'select',
      options: [
        { label: 'pregnancy', value: 'o1' },
        { label: 'sunburn', value: 'o2' },
      ],
    },
  ],
};

/** One answer component as question.tsx holds it: the value kept here, every change recorded. */
function Held<T extends 'matching' | 'ordering' | 'fillBlanks'>({
  Component,
  question,
  initial = '',
  correct = null,
  readOnly = false,
  sent,
}: {
  Component: ComponentType<ListAnswerProps<T>>;
  question: ListAnswerProps<T>['question'];
  initial?: AnswerValue;
  correct?: string[] | null;
  readOnly?: boolean;
  sent: AnswerValue[];
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<AnswerValue>(initial);
  return (
    <Component
      question={question}
      value={value}
      onChange={(next) => {
        sent.push(next);
        setValue(next);
      }}
      readOnly={readOnly}
      correct={correct}
      t={t}
    />
  );
}

describe('a matching answer', () => {
  it('offers the matches per prompt, "Choose…" first, and sends the chosen ones as prompt=match', async () => {
    const sent: AnswerValue[] = [];
    const { user } = await renderApp(
      <Held
        Component={MatchingAnswer}
        question={matching as unknown as ListAnswerProps<'matching'>['question']}
        sent={sent}
      />,
    );
    const pill = screen.getByRole('combobox', { name: 'Pill' });
    const condom = screen.getByRole('combobox', { name: 'Condom' });
    expect(
      within(pill)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Pregnancy only', 'Pregnancy and STIs', 'Nothing']);
    await user.selectOptions(pill, 'Pregnancy only');
    await user.selectOptions(condom, 'Pregnancy and STIs');
    // In the prompts' order, whatever order they were chosen in.
    expect(sent.at(-1)).toEqual(['condom=m2', 'pill=m1']);
    await user.selectOptions(pill, 'Choose…');
    expect(sent.at(-1)).toEqual(['condom=m2']);
    await user.selectOptions(condom, 'Choose…');
    expect(sent.at(-1)).toEqual([]);
  });

  it('says per row once revealed: right, or wrong with the right match', async () => {
    await renderApp(
      <Held
        Component={MatchingAnswer}
        question={matching as unknown as ListAnswerProps<'matching'>['question']}
        initial={['condom=m2', 'pill=m3']}
        correct={['condom=m2', 'pill=m1']}
        readOnly
        sent={[]}
      />,
    );
    const condom = screen.getByRole('combobox', { name: 'Condom' });
    const pill = screen.getByRole('combobox', { name: 'Pill' });
    expect(condom).toHaveValue('m2');
    expect(condom).toBeDisabled();
    expect(condom).toHaveAccessibleDescription('✓ right');
    expect(pill).toHaveAccessibleDescription('✗ wrong ✓ Correct answer: Pregnancy only');
    expect(pill.closest('li')).toHaveClass('list-answer__row--wrong');
    expect(condom.closest('li')).toHaveClass('list-answer__row--correct');
  });

  it('shows an editor, who receives the pairs, the learner’s matches under their ids', async () => {
    const sent: AnswerValue[] = [];
    const whole = {
      type: 'matching',
      questionType: 'matching',
      name: 'pairs',
      label: 'Match',
      ...shared,
      pairs: [
        { value: 'condom', prompt: 'Condom', match: 'Pregnancy and STIs', score: 1, feedback: '' },
        { value: 'pill', prompt: 'Pill', match: 'Pregnancy only', score: 1, feedback: '' },
      ],
      distractors: [{ value: 'none', label: 'Nothing' }],
    } as unknown as Extract<Element, { questionType: 'matching' }>;
    const { user } = await renderApp(<Held Component={MatchingAnswer} question={whole} sent={sent} />);
    const condom = await screen.findByRole('combobox', { name: 'Condom' });
    await user.selectOptions(condom, 'Pregnancy and STIs');
    // By label: Nothing m1, Pregnancy and STIs m2, Pregnancy only m3; the pair's value never shows.
    expect(sent.at(-1)).toEqual(['condom=m2']);
  });
});

describe('an ordering answer', () => {
  const question = ordering as unknown as ListAnswerProps<'ordering'>['question'];
  const items = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/[↑↓]/g, ''));

  it('starts in the received order and sends nothing until something moves', async () => {
    const sent: AnswerValue[] = [];
    await renderApp(<Held Component={OrderingAnswer} question={question} sent={sent} />);
    expect(items()).toEqual(['1.Roll it down', '2.Check the date', '3.Open the wrapper']);
    expect(
      screen.getByRole('button', { name: 'Move “Roll it down” up, now at position 1 of 3' }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Move “Open the wrapper” down, now at position 3 of 3' }),
    ).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('moves an item by keyboard: the focus stays with it and its new place is announced', async () => {
    const sent: AnswerValue[] = [];
    const { user } = await renderApp(<Held Component={OrderingAnswer} question={question} sent={sent} />);
    screen.getByRole('button', { name: 'Move “Roll it down” down, now at position 1 of 3' }).focus();
    await user.keyboard('{Enter}');
    expect(sent).toEqual([['a', 'c', 'b']]);
    expect(
      screen.getByRole('button', { name: 'Move “Roll it down” down, now at position 2 of 3' }),
    ).toHaveFocus();
    expect(screen.getByText('“Roll it down” is now at position 2 of 3.')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await user.keyboard('{Enter}');
    expect(sent.at(-1)).toEqual(['a', 'b', 'c']);
    // At the bottom its down button is off: the focus goes to its up button, still on the item.
    expect(
      screen.getByRole('button', { name: 'Move “Roll it down” up, now at position 3 of 3' }),
    ).toHaveFocus();
    expect(items()).toEqual(['1.Check the date', '2.Open the wrapper', '3.Roll it down']);
    await user.keyboard('{Enter}');
    expect(sent.at(-1)).toEqual(['a', 'c', 'b']);
    expect(
      screen.getByRole('button', { name: 'Move “Roll it down” up, now at position 2 of 3' }),
    ).toHaveFocus();
  });

  it('says per item once revealed whether it is in its place or where it belongs; read-only without buttons', async () => {
    await renderApp(
      <Held
        Component={OrderingAnswer}
        question={question}
        initial={['a', 'c', 'b']}
        correct={['a', 'b', 'c']}
        readOnly
        sent={[]}
      />,
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(items()).toEqual([
      '1.Check the date✓ right place',
      '2.Roll it down✗ belongs at position 3',
      '3.Open the wrapper✗ belongs at position 2',
    ]);
    expect(screen.getAllByRole('listitem')[0]).toHaveClass('list-answer__row--correct');
    expect(screen.getAllByRole('listitem')[1]).toHaveClass('list-answer__row--wrong');
  });
});

describe('a fill-in-the-blanks answer', () => {
  const question = fillBlanks as unknown as ListAnswerProps<'fillBlanks'>['question'];

  it('draws the Markdown with a named input or list at each gap, and sends one text per gap', async () => {
    const sent: AnswerValue[] = [];
    const { user, container } = await renderApp(
      <Held Component={FillBlanksAnswer} question={question} sent={sent} />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('condom');
    const first = await screen.findByRole('textbox', { name: 'Blank 1 of 2' });
    const second = screen.getByRole('combobox', { name: 'Blank 2 of 2' });
    // In the sentence, where the markers were.
    expect(first.closest('p')).toBe(second.closest('p'));
    expect(container.textContent).not.toContain('[[');
    await user.type(first, 'STIs');
    expect(sent.at(-1)).toEqual(['STIs', '']);
    await user.selectOptions(second, 'pregnancy');
    expect(sent.at(-1)).toEqual(['STIs', 'o1']);
    await user.clear(first);
    await user.selectOptions(second, 'Choose…');
    // Every gap empty again: not answered.
    expect(sent.at(-1)).toEqual([]);
  });

  it('marks the gaps once revealed: a chosen one right or wrong, a typed one right or with the answer', async () => {
    await renderApp(
      <Held
        Component={FillBlanksAnswer}
        question={question}
        initial={['stis ', 'o2']}
        correct={['STIs', 'o1']}
        readOnly
        sent={[]}
      />,
    );
    const first = await screen.findByRole('textbox', { name: 'Blank 1 of 2' });
    expect(first).toHaveAttribute('readonly');
    expect(first).toHaveAccessibleDescription('✓ right');
    expect(screen.getByRole('combobox', { name: 'Blank 2 of 2' })).toHaveAccessibleDescription(
      '✗ wrong ✓ Correct answer: pregnancy',
    );
  });
});

describe('on the learner’s page', () => {
  beforeEach(async () => {
    await signInAs(learner);
  });

  it('checks an ordering left as received, spending the attempt, then shows it locked and read-only', async () => {
    const limited = { ...ordering, schema: { ...schema, attempts: 1 } } as unknown as PageElement;
    const server = learnerServer([limited] as Parameters<typeof learnerServer>[0]);
    const { user } = await renderApp(<PageRoute {...pageAddress} />, { answers: server.answers });
    await screen.findByRole('heading', { level: 1, name: 'Protection' });
    await screen.findByRole('status');
    const check = await screen.findByRole('button', { name: 'Check answer' });
    await screen.findByRole('button', { name: 'Move “Roll it down” down, now at position 1 of 3' });
    expect(check).toHaveAttribute('aria-disabled', 'false');
    await user.click(check);
    await waitFor(() =>
      expect(callsTo('result.save').map(({ result }) => result)).toEqual([
        { answers: { steps: ['c', 'a', 'b'] }, confirm: ['steps'] },
      ]),
    );
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Move/ })).toEqual([]));
    expect(screen.getByRole('group', { name: /Put the steps in order/ })).toHaveAccessibleDescription(
      'Your only attempt is used: your checked answer is final.',
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1.Roll it down',
      '2.Check the date',
      '3.Open the wrapper',
    ]);
  });
});
