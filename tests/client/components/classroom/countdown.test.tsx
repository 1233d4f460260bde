import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BreakoutCountdown } from '../../../../client/features/classroom/components/countdown';
import { renderApp } from '../support/render-app';
import { answer, callsTo } from '../support/trpc-answers';

const start = Date.parse('2027-03-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Lets time pass, and React render what it brought (answers, ticks). */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The countdown as the server keeps it: `endsAt` set while it runs; `skew` puts the server's clock ahead. */
function serverCountdown({ minutes = 15, endsAt = null as number | null, skew = 0 } = {}) {
  return () => ({
    startedAt: endsAt === null ? null : iso(endsAt - minutes * 60_000),
    minutes,
    endsAt: endsAt === null ? null : iso(endsAt),
    serverNow: iso(Date.now() + skew),
  });
}

describe('the breakout countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: start });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how long it will run before anyone starts it', async () => {
    await renderApp(<BreakoutCountdown section="group-work" mayRun={false} />, {
      answers: { 'section.countdown': serverCountdown() },
    });
    await pass(0);

    expect(screen.getByRole('heading', { name: 'Countdown' })).toBeVisible();
    expect(screen.getByText('The countdown (15 minutes) has not started yet.')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts the seconds down to "time is up"', async () => {
    await renderApp(<BreakoutCountdown section="group-work" mayRun={false} />, {
      answers: { 'section.countdown': serverCountdown({ minutes: 1, endsAt: start + 60_000 }) },
    });
    await pass(0);
    expect(screen.getByRole('timer')).toHaveTextContent('1:00 left');

    await pass(20_000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:40 left');

    await pass(40_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Time is up.');
  });

  it('lets an editor start it, and shows it running from the next answer on', async () => {
    let endsAt: number | null = null;
    const { user } = await renderApp(<BreakoutCountdown section="group-work" mayRun />, {
      answers: {
        'section.countdown': () => serverCountdown({ minutes: 10, endsAt })(),
        'section.startCountdown': ({ path }) => {
          endsAt = Date.now() + 10 * 60_000;
          return { path };
        },
      },
    });
    await pass(0);

    await user.click(screen.getByRole('button', { name: 'Start the countdown (10 minutes)' }));
    await pass(0);

    expect(callsTo('section.startCountdown')).toEqual([{ path: 'group-work' }]);
    expect(screen.getByRole('timer')).toHaveTextContent('10:00 left');
    expect(screen.getByRole('button', { name: 'Start again (10 minutes)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Stop the countdown' })).toBeVisible();
  });

  it('keeps showing the time when a poll fails, and says it may be behind', async () => {
    let reachable = true;
    const running = serverCountdown({ minutes: 5, endsAt: start + 5 * 60_000 });
    await renderApp(<BreakoutCountdown section="group-work" mayRun={false} />, {
      answers: {
        'section.countdown': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return running();
        },
      },
    });
    await pass(0);
    reachable = false;
    // A poll every 2 s, retried once after a failure.
    await pass(10_000);

    expect(screen.getByRole('timer')).toHaveTextContent('4:50 left');
    expect(
      screen.getByText('No connection: the time is brought up to date once you are back online.'),
    ).toBeVisible();
    answer({ 'section.countdown': running });
  });
  // Last: the estimate of the server's clock lasts as long as the page (module state), so it stays
  // five minutes ahead for whatever renders after this.
  it("follows the server's clock, not the browser's", async () => {
    // The browser is five minutes behind: its own clock would show 14:00 instead of 9:00.
    const skew = 5 * 60_000;
    await renderApp(<BreakoutCountdown section="group-work" mayRun={false} />, {
      answers: { 'section.countdown': serverCountdown({ endsAt: start + skew + 9 * 60_000, skew }) },
    });
    await pass(0);

    expect(screen.getByRole('timer')).toHaveTextContent('9:00 left');
  });
});
