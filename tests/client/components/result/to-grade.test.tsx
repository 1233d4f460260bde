import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToGradeRoute } from '../../../../client/features/result/admin/to-grade';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo, type InputOf, type OutputOf } from '../support/trpc-answers';
import { admin } from '../support/users';

type Queue = OutputOf<'result.toGrade'>;
type Item = Queue['items'][number];

const item = (name: string, user: string, answeredAt: string, question = 'why'): Item => ({
  module: { path: 'consent', name: 'Consent' },
  page: { path: 'reflect', name: 'Reflect' },
  question: { name: question, label: question === 'why' ? 'Why?' : 'How?', maxScore: 5, info: '' },
  participant: { _id: user, name, email: `${user}@example.org` },
  answer: `Answer of ${name}`,
  answeredAt,
  attempts: 1,
  feedback: null,
  mayScore: true,
});

/** The queue as the server keeps it: a scored answer leaves it. */
function server(items: Item[]) {
  let waiting = [...items];
  return {
    'result.toGrade': (): Queue => ({
      scope: { name: 'Consent' },
      total: waiting.length,
      items: waiting,
      choices: {
        modules: [{ path: 'consent', name: 'Consent' }],
        pages: [{ module: 'consent', path: 'reflect', name: 'Reflect' }],
        questions: [{ module: 'consent', page: 'reflect', name: 'why', label: 'Why?' }],
        participants: items.map((one) => ({ _id: one.participant._id, name: one.participant.name })),
        groups: [],
      },
    }),
    'result.score': (input: InputOf<'result.score'>) => {
      if (Object.keys(input.result.scores ?? {}).length > 0)
        waiting = waiting.filter((one) => one.participant._id !== input.user);
      // The participant's result is not read here: the queue is.
      return {} as OutputOf<'result.score'>;
    },
  };
}

beforeEach(async () => {
  await signInAs(admin);
});

describe('the grading queue', () => {
  const three = [
    item('Ann', 'u1', '2027-01-01T09:00:00.000Z'),
    item('Bob', 'u2', '2027-01-01T10:00:00.000Z'),
    item('Cas', 'u3', '2027-01-01T11:00:00.000Z'),
  ];

  it('scores one answer after the other from the keyboard, refusing a score out of range at its field', async () => {
    const { user } = await renderApp(<ToGradeRoute scope={{ module: 'consent' }} />, {
      answers: server(three),
    });
    await user.click(await screen.findByRole('button', { name: 'Start scoring' }));
    expect(screen.getByText('Answer 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Ann/ })).toHaveFocus();
    expect(screen.getByText('This question has no info text and no model answer.')).toBeInTheDocument();

    await user.keyboard('j');
    expect(await screen.findByRole('heading', { level: 2, name: /Bob/ })).toBeInTheDocument();
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(await screen.findByRole('heading', { level: 2, name: /Ann/ })).toBeInTheDocument();

    const score = screen.getByRole('textbox', { name: 'Score (0 to 5)' });
    await user.click(score);
    await user.keyboard('9{Enter}');
    expect(score).toHaveAttribute('aria-invalid', 'true');
    expect(score).toHaveAccessibleDescription(/The score must lie between 0 and the maximum\./);
    // Typing j in the field is typing, never a move.
    await user.keyboard('{Backspace}j');
    expect(screen.getByRole('heading', { level: 2, name: /Ann/ })).toBeInTheDocument();
    await user.keyboard('{Backspace}4{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /Bob/ })).toBeInTheDocument());
    expect(callsTo('result.score')).toEqual([
      { user: 'u1', module: 'consent', page: 'reflect', result: { scores: { why: 4 }, feedback: {} } },
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Score (0 to 5)' })).toHaveFocus());
    expect(screen.getByText('Answer 1 of 2')).toBeInTheDocument();
  });

  it('gives several answers to one question the same feedback, and keeps answers to another question apart', async () => {
    const mixed = [...three, item('Dee', 'u4', '2027-01-01T12:00:00.000Z', 'how')];
    const { user } = await renderApp(<ToGradeRoute scope={{ course: 'course-1' }} />, {
      answers: server(mixed),
    });
    await user.click(await screen.findByRole('checkbox', { name: /Ann to “Why\?”/ }));
    await user.click(screen.getByRole('checkbox', { name: /Cas to “Why\?”/ }));
    expect(screen.getByRole('checkbox', { name: /Dee to “How\?”/ })).toBeDisabled();
    const bulk = screen.getByRole('region', { name: 'Feedback for 2 selected answers' });
    await user.click(screen.getByRole('button', { name: 'Give it to 2 answers' }));
    expect(screen.getAllByRole('textbox', { name: 'Feedback' }).at(-1)).toHaveAccessibleDescription(
      'Write the feedback to give.',
    );
    await user.type(bulk.querySelector('textarea')!, 'Name a service.');
    await user.click(screen.getByRole('button', { name: 'Give it to 2 answers' }));
    expect(await screen.findByText('Feedback given to 2 answers.')).toBeInTheDocument();
    expect(callsTo('result.score').map((call) => [call.user, call.result])).toEqual([
      ['u1', { scores: {}, feedback: { why: 'Name a service.' } }],
      ['u3', { scores: {}, feedback: { why: 'Name a service.' } }],
    ]);
  });
});
