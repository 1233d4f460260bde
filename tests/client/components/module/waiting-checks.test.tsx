import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageRoute } from '../../../../client/features/module/routes/page';
import { clearAnswerQueue } from '../../../../client/lib/answer-queue-store';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session';
import { answer, callsTo, refusal } from '../support/trpc-answers';
import { learner } from '../support/users';
import { learnerServer, pageAddress, question } from './learner-server';

// A check counts on the screen before it is sent: what a test left in the answer queue must not
// reach the next test's server.
afterEach(() => clearAnswerQueue());

const lastTry = question('single', 'protection', 'Which protects against HIV?', ['Condom', 'Pill'], 1);
const final = 'Your only attempt is used: your checked answer is final.';
const waiting = 'Checked, waiting to be sent';

/** The browser's own word on the connection, which the answer queue asks before each send. */
let connected = true;
const goOnline = () => {
  connected = true;
  window.dispatchEvent(new Event('online'));
};

async function showPage() {
  const server = learnerServer([lastTry]);
  const view = await renderApp(<PageRoute {...pageAddress} />, { answers: server.answers });
  await screen.findByRole('heading', { level: 1, name: 'Protection' });
  await screen.findByRole('status');
  return { ...view, server };
}

/** Offline: chooses `option` and checks it; the check waits in the queue on this device. */
async function checkOffline(user: Awaited<ReturnType<typeof showPage>>['user'], option: string) {
  connected = false;
  await user.click(screen.getByRole('radio', { name: option }));
  await user.click(screen.getByRole('button', { name: 'Check answer' }));
  return screen.findByRole('group', { name: /^Locked\s*Which protects against HIV\?$/ });
}

describe('a check made offline', () => {
  beforeEach(async () => {
    connected = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => connected });
    await signInAs(learner);
  });
  afterEach(() => {
    // Back to the browser's own answer (the prototype's getter).
    Reflect.deleteProperty(navigator, 'onLine');
  });

  it('counts at once, locks the question on the device, and gives way to the server once sent', async () => {
    const { user } = await showPage();
    const group = await checkOffline(user, 'Condom');

    expect(group).toHaveAccessibleDescription(`${final} · ${waiting}`);
    expect(within(group).getByRole('radio', { name: 'Condom' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Pill' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Check answer' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe(group.getAttribute('aria-describedby')));
    expect(callsTo('result.save').filter(({ result }) => result.confirm?.length)).toEqual([]);

    goOnline();

    await waitFor(() => expect(group).toHaveAccessibleDescription(final));
    expect(callsTo('result.save').map(({ result }) => result)).toContainEqual({
      answers: { protection: 'condom' },
      confirm: ['protection'],
    });
    expect(within(group).getByRole('radio', { name: 'Condom' })).toBeChecked();
  });

  it('refused because another device used the attempt: explained at the question until dismissed', async () => {
    const { user, server } = await showPage();
    await checkOffline(user, 'Condom');
    // Meanwhile the other device checked 'Pill', the only attempt.
    const state = server.states.get('protection');
    if (!state) throw new Error('no question state');
    Object.assign(state, { attempts: 1, locked: true, answer: 'pill', answered: true });
    answer({
      'result.save': () => {
        throw refusal('CONFLICT', 'You have no attempts left for this question.', {
          key: 'result.noAttemptsLeft',
        });
      },
    });

    goOnline();

    const explanation = await screen.findByText(
      'This attempt had already been used on another device; the answer checked there counts.',
    );
    const group = screen.getByRole('group', { name: /^Locked\s*Which protects against HIV\?$/ });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Pill' })).toBeChecked());
    expect(group).toHaveAccessibleDescription(final);

    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(explanation).not.toBeInTheDocument();
    expect(document.activeElement?.id).toBe(group.getAttribute('aria-describedby'));
  });
});
