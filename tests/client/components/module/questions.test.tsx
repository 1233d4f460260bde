import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageRoute } from '../../../../client/features/module/routes/page';
import { clearAnswerQueue } from '../../../../client/lib/answer-queue-store';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { learner } from '../support/users';
import { learnerServer, pageAddress, question } from './learner-server';

// A check counts on the screen before it is sent: what a test left in the answer queue must not
// reach the next test's server.
afterEach(() => clearAnswerQueue());

const single = question('single', 'protection', 'Which protects against HIV?', ['Condom', 'Pill'], 2);
const lastTry = question('single', 'protection', 'Which protects against HIV?', ['Condom', 'Pill'], 1);
const multiple = question(
  'multiple',
  'infections',
  'Which infections can a condom prevent?',
  ['Chlamydia', 'Gonorrhoea', 'Flu'],
  2,
);
const open = question('open', 'consent', 'What does consent mean to you?', [], 1);

/** The module page with `questions`, for a signed-in participant. */
async function showPage(...questions: ReturnType<typeof question>[]) {
  const server = learnerServer(questions);
  const view = await renderApp(<PageRoute {...pageAddress} />, { answers: server.answers });
  await screen.findByRole('heading', { level: 1, name: 'Protection' });
  // The save state shows once the page knows who is signed in; until then the questions are read-only.
  await screen.findByRole('status');
  return { ...view, server };
}

/**
 * A locked question's group: "Locked" comes first in its legend. (Only an aria-hidden "·" stands
 * between the two, so the computed name runs them together: "LockedWhich…".)
 */
const lockedGroup = (label: string) =>
  screen.findByRole('group', { name: new RegExp(`^Locked\\s*${label.replace(/[?]/g, '\\?')}$`) });

/** The saves sent so far: the answers and which of them were checked. */
const saves = () => callsTo('result.save').map(({ result }) => result);

/** Waits out the pause before a change is saved (500 ms), and the save. */
const afterSaving = () =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your answers are saved.'), {
    timeout: 2_000,
  });

describe('answering questions with limited attempts', () => {
  // Real timers: a change rests 500 ms before the answer queue takes it, and the queue's IndexedDB
  // (fake-indexeddb here) runs on the event loop's own turns, which fake timers do not drive.
  beforeEach(async () => {
    await signInAs(learner);
  });

  describe('a single-choice question', () => {
    it('keeps a choice as a draft, which spends no attempt', async () => {
      const { user } = await showPage(single);
      const group = screen.getByRole('group', { name: 'Which protects against HIV?' });
      expect(group).toHaveAccessibleDescription('Attempt 0 of 2 used · 2 attempts left');

      await user.click(within(group).getByRole('radio', { name: 'Condom' }));
      await afterSaving();

      expect(saves()).toEqual([{ answers: { protection: 'condom' }, confirm: [] }]);
      expect(within(group).getByRole('radio', { name: 'Condom' })).toBeChecked();
      expect(group).toHaveAccessibleDescription('Attempt 0 of 2 used · 2 attempts left');
      expect(screen.getByRole('button', { name: 'Check answer' })).toHaveAccessibleDescription(
        'Checking uses one of your 2 remaining attempts.',
      );
    });

    it('does not check before something is chosen', async () => {
      const { user } = await showPage(single);
      const check = screen.getByRole('button', { name: 'Check answer' });
      expect(check).toHaveAttribute('aria-disabled', 'true');
      expect(check).toHaveAccessibleDescription('Choose or write an answer first.');

      await user.click(check);
      await new Promise((resolve) => setTimeout(resolve, 600));

      expect(saves()).toEqual([]);
    });

    it('"Check answer" spends one attempt', async () => {
      const { user } = await showPage(single);
      await user.click(screen.getByRole('radio', { name: 'Pill' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));

      const group = screen.getByRole('group', { name: 'Which protects against HIV?' });
      await waitFor(() => expect(group).toHaveAccessibleDescription('Attempt 1 of 2 used · 1 attempt left'));
      await waitFor(() =>
        expect(saves().at(-1)).toEqual({ answers: { protection: 'pill' }, confirm: ['protection'] }),
      );
      await screen.findByRole('button', {
        name: 'Check answer',
        description: 'This answer has been checked.',
      });
      // Another answer may still be tried, and is not checked until asked.
      await user.click(screen.getByRole('radio', { name: 'Condom' }));
      expect(group).toHaveAccessibleDescription(
        'Attempt 1 of 2 used · 1 attempt left · your change is not checked yet',
      );
    });

    it('locks once the last attempt is spent, showing the checked answer and the info text', async () => {
      const { user } = await showPage(lastTry);
      await user.click(screen.getByRole('radio', { name: 'Condom' }));
      expect(screen.getByRole('button', { name: 'Check answer' })).toHaveAccessibleDescription(
        'Checking uses your last attempt.',
      );
      await user.click(screen.getByRole('button', { name: 'Check answer' }));

      const group = await lockedGroup('Which protects against HIV?');
      expect(group).toHaveAccessibleDescription('Your only attempt is used: your checked answer is final.');
      expect(within(group).getByRole('radio', { name: 'Condom' })).toBeChecked();
      expect(within(group).getByRole('radio', { name: 'Condom' })).toBeDisabled();
      expect(within(group).getByRole('radio', { name: 'Pill' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Check answer' })).not.toBeInTheDocument();
      expect(screen.getByText('The answer is in the leaflet.')).toBeVisible();
    });

    it('keeps keyboard focus on the question after the check that locks it', async () => {
      const { user } = await showPage(lastTry);
      await user.click(screen.getByRole('radio', { name: 'Condom' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));

      const group = await lockedGroup('Which protects against HIV?');
      // The button is gone; the focus is on the status that says the answer is final.
      await waitFor(() => expect(document.activeElement).not.toBe(document.body));
      expect(document.activeElement?.id).toBe(group.getAttribute('aria-describedby'));
      expect(document.activeElement).toHaveTextContent(
        'Your only attempt is used: your checked answer is final.',
      );
    });
  });

  describe('a check that reveals its verdict', () => {
    it("says right or wrong with the author's feedback, and moves the focus to it", async () => {
      const server = learnerServer([single], undefined, {
        protection: {
          pill: { verdict: 'wrong', checkFeedback: ['The pill does not protect against HIV.'] },
        },
      });
      const { user } = await renderApp(<PageRoute {...pageAddress} />, { answers: server.answers });
      await screen.findByRole('status');
      await user.click(await screen.findByRole('radio', { name: 'Pill' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));

      await waitFor(() => expect(document.activeElement).toHaveTextContent('Not right.'));
      expect(document.activeElement).toHaveTextContent('You have 1 attempt left.');
      expect(document.activeElement).toHaveTextContent('The pill does not protect against HIV.');
      // Not locked: the learner may change the answer and check again.
      expect(screen.getByRole('radio', { name: 'Condom' })).toBeEnabled();
    });
  });

  describe('a multiple-choice question', () => {
    it('checks every box ticked as one answer', async () => {
      const { user } = await showPage(multiple);
      const group = screen.getByRole('group', { name: 'Which infections can a condom prevent?' });
      await user.click(within(group).getByRole('checkbox', { name: 'Chlamydia' }));
      await user.click(within(group).getByRole('checkbox', { name: 'Gonorrhoea' }));
      await afterSaving();
      expect(saves()).toEqual([{ answers: { infections: ['chlamydia', 'gonorrhoea'] }, confirm: [] }]);

      await user.click(within(group).getByRole('checkbox', { name: 'Gonorrhoea' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));

      await waitFor(() => expect(group).toHaveAccessibleDescription('Attempt 1 of 2 used · 1 attempt left'));
      await waitFor(() =>
        expect(saves().at(-1)).toEqual({ answers: { infections: ['chlamydia'] }, confirm: ['infections'] }),
      );
    });

    it('locks with the checked boxes shown after the last attempt', async () => {
      const { user } = await showPage(multiple);
      await user.click(screen.getByRole('checkbox', { name: 'Chlamydia' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));
      await screen.findByRole('button', {
        name: 'Check answer',
        description: 'This answer has been checked.',
      });
      await user.click(screen.getByRole('checkbox', { name: 'Chlamydia' }));
      await user.click(screen.getByRole('checkbox', { name: 'Gonorrhoea' }));
      await user.click(screen.getByRole('button', { name: 'Check answer' }));

      const group = await lockedGroup('Which infections can a condom prevent?');
      expect(group).toHaveAccessibleDescription('All 2 attempts used: your checked answer is final.');
      expect(within(group).getByRole('checkbox', { name: 'Gonorrhoea' })).toBeChecked();
      expect(within(group).getByRole('checkbox', { name: 'Chlamydia' })).not.toBeChecked();
      for (const box of within(group).getAllByRole('checkbox')) expect(box).toBeDisabled();
    });
  });

  describe('an open question', () => {
    it('keeps the text as a draft, then locks it once checked', async () => {
      const { user } = await showPage(open);
      const text = screen.getByRole('textbox', { name: 'What does consent mean to you?' });
      await user.type(text, 'Saying yes freely');
      await afterSaving();
      expect(saves()).toEqual([{ answers: { consent: 'Saying yes freely' }, confirm: [] }]);

      await user.click(screen.getByRole('button', { name: 'Check answer' }));

      await lockedGroup('What does consent mean to you?');
      expect(saves().at(-1)).toEqual({ answers: { consent: 'Saying yes freely' }, confirm: ['consent'] });
      const locked = screen.getByRole('textbox', { name: 'What does consent mean to you?' });
      expect(locked).toHaveValue('Saying yes freely');
      expect(locked).toBeDisabled();
    });
  });
});
