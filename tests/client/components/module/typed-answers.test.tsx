import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageRoute } from '../../../../client/features/module/routes/page';
import { clearAnswerQueue } from '../../../../client/lib/answer-queue-store';
import type { InterfaceLanguage } from '../../../../client/lib/languages';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { callsTo } from '../support/trpc-answers';
import { learner } from '../support/users';
import { learnerServer, type PageElement, pageAddress, question } from './learner-server';

// A check counts on the screen before it is sent: what a test left in the answer queue must not
// reach the next test's server.
afterEach(() => clearAnswerQueue());

/** A numeric question as a learner receives it: no accepted answers, only its unit. */
const year = {
  ...question('numeric', 'year', 'In which year did the law change?', [], 1),
  type: 'numeric',
  unit: 'AD',
} as PageElement;
const word = {
  ...question('short', 'word', 'Which word means saying yes freely?', [], 2),
  type: 'shortText',
} as PageElement;

async function showPage(
  elements: PageElement[],
  language: InterfaceLanguage = 'en',
  prepare?: (server: ReturnType<typeof learnerServer>) => void,
) {
  const server = learnerServer(elements as Parameters<typeof learnerServer>[0]);
  prepare?.(server);
  const view = await renderApp(<PageRoute {...pageAddress} />, { answers: server.answers, language });
  await screen.findByRole('heading', { level: 1, name: 'Protection' });
  // The save state shows once the page knows who is signed in; until then the questions are read-only.
  await screen.findByRole('status');
  return { ...view, server };
}

const saves = () => callsTo('result.save').map(({ result }) => result);

const afterSaving = () =>
  waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your answers are saved.'), {
    timeout: 2_000,
  });

describe('typed answers', () => {
  beforeEach(async () => {
    await signInAs(learner);
  });

  describe('a numeric question', () => {
    it('takes a number with a decimal keyboard, its unit read with it, kept as a draft', async () => {
      const { user } = await showPage([year]);
      const input = screen.getByRole('textbox', { name: 'In which year did the law change?' });
      expect(input).toHaveAttribute('inputmode', 'decimal');
      expect(input).toHaveAccessibleDescription('AD');

      await user.type(input, '1994');
      await afterSaving();

      expect(saves()).toEqual([{ answers: { year: '1994' }, confirm: [] }]);
      const group = screen.getByRole('group', { name: 'In which year did the law change?' });
      expect(group).toHaveAccessibleDescription('Attempt 0 of 1 used · 1 attempt left');
    });

    it('says a text is no number and refuses to check it, though the draft keeps it', async () => {
      const { user } = await showPage([year]);
      const input = screen.getByRole('textbox', { name: 'In which year did the law change?' });
      await user.type(input, 'ninety');

      expect(input).toBeInvalid();
      expect(input).toHaveAccessibleDescription('AD Type a number, for example 12.5.');
      const check = screen.getByRole('button', { name: 'Check answer' });
      expect(check).toHaveAttribute('aria-disabled', 'true');
      expect(check).toHaveAccessibleDescription('Type a number, for example 12.5.');
      await afterSaving();
      await user.click(check);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(saves().every((save) => (save.confirm ?? []).length === 0)).toBe(true);

      await user.clear(input);
      await user.type(input, '12,5');
      expect(input).toBeValid();
      expect(check).toHaveAttribute('aria-disabled', 'false');
      await user.click(check);
      await waitFor(() => expect(saves().at(-1)).toEqual({ answers: { year: '12,5' }, confirm: ['year'] }));
    });

    it('gives the hint in the interface language', async () => {
      const { user } = await showPage([year], 'nl');
      const input = screen.getByRole('textbox', { name: 'In which year did the law change?' });
      await user.type(input, '12,5x');
      expect(input).toHaveAccessibleDescription('AD Typ een getal, bijvoorbeeld 12,5.');
    });

    it('shows the correct answer under the input once revealed', async () => {
      await showPage([year], 'en', (server) => {
        Object.assign(server.states.get('year')!, {
          answer: '1993',
          answered: true,
          attempts: 1,
          locked: true,
          correct: ['1994 ± 1'],
          reveal: 'auto',
        });
      });
      const input = screen.getByRole('textbox', { name: 'In which year did the law change?' });
      expect(input).toHaveValue('1993');
      expect(input).toBeDisabled();
      expect(screen.getByText('Correct answer: 1994 ± 1 AD')).toBeVisible();
      expect(input).toHaveAccessibleDescription('AD Correct answer: 1994 ± 1 AD');
    });
  });

  describe('a short-answer question', () => {
    it('takes one line of at most 500 characters, checked when asked', async () => {
      const { user } = await showPage([word]);
      const input = screen.getByRole('textbox', { name: 'Which word means saying yes freely?' });
      expect(input.tagName).toBe('INPUT');
      expect(input).toHaveAttribute('maxlength', '500');

      await user.type(input, 'consent');
      await afterSaving();
      expect(saves()).toEqual([{ answers: { word: 'consent' }, confirm: [] }]);
      const group = screen.getByRole('group', { name: 'Which word means saying yes freely?' });
      expect(group).toHaveAccessibleDescription('Attempt 0 of 2 used · 2 attempts left');

      await user.click(screen.getByRole('button', { name: 'Check answer' }));
      await waitFor(() => expect(group).toHaveAccessibleDescription('Attempt 1 of 2 used · 1 attempt left'));
      expect(saves().at(-1)).toEqual({ answers: { word: 'consent' }, confirm: ['word'] });
    });

    it('shows the correct answer after "Show the correct answers"', async () => {
      const { user } = await showPage([word], 'en', (server) => {
        Object.assign(server.states.get('word')!, {
          answer: 'yes',
          answered: true,
          attempts: 2,
          locked: true,
          correct: ['consent'],
          reveal: 'button',
        });
      });
      expect(screen.queryByText(/Correct answer:/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show the correct answers' }));
      const input = screen.getByRole('textbox', { name: 'Which word means saying yes freely?' });
      expect(input).toHaveAccessibleDescription('Correct answer: consent');
      expect(within(input.closest('fieldset')!).getByText('Correct answer: consent')).toBeVisible();
    });
  });
});
