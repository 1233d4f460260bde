import '../classroom.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useCountdown, useRunCountdown } from '../api/countdown';
import { formatRemaining, remainingMs } from '../utils/remaining';

/** Re-renders every quarter second while `active`, so the shown second changes on time. */
function useTicker(active: boolean): void {
  const [, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [active]);
}

/**
 * The breakout countdown (docs/guide/live-classrooms.md) as every screen shows it: the same
 * remaining time, computed from the server's end and clock; 'time is up' at zero. Editors start,
 * start again and stop it here (`mayRun`).
 */
export function BreakoutCountdown({ section, mayRun }: { section: string; mayRun: boolean }) {
  const { t } = useTranslation();
  const countdown = useCountdown(section);
  const state = countdown.data;
  const running = Boolean(state?.endsAt);
  useTicker(running);
  // The clock is read at every render, not kept from the last tick: a render caused by a new answer
  // (or the first one after the start) must not count from an older moment.
  const left = state ? remainingMs(state.endsAt, state.offset, Date.now()) : null;

  return (
    <section className="countdown" aria-labelledby="countdown-title">
      <h2 id="countdown-title">{t('classroom.countdown.title')}</h2>
      {countdown.isPending ? (
        <p className="muted">{t('classroom.countdown.loading')}</p>
      ) : !state ? (
        <p className="muted">{t('classroom.countdown.loadError')}</p>
      ) : left === null ? (
        <p className="countdown__idle">{t('classroom.countdown.notStarted', { count: state.minutes })}</p>
      ) : left > 0 ? (
        <p className="countdown__time" role="timer" aria-live="off">
          <span className="countdown__digits" data-testid="countdown-remaining">
            {formatRemaining(left)}
          </span>{' '}
          <span className="muted">{t('classroom.countdown.left')}</span>
        </p>
      ) : (
        <p className="countdown__over" role="status">
          {t('classroom.countdown.timeUp')}
        </p>
      )}
      {countdown.isError && state && <p className="muted">{t('classroom.countdown.stale')}</p>}
      {mayRun && state && <CountdownControls section={section} minutes={state.minutes} running={running} />}
    </section>
  );
}

function CountdownControls({
  section,
  minutes,
  running,
}: {
  section: string;
  minutes: number;
  running: boolean;
}) {
  const { t } = useTranslation();
  const { start, stop } = useRunCountdown(section);
  const [asking, setAsking] = useState<'restart' | 'stop' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = start.isPending || stop.isPending;

  const run = async (action: 'start' | 'stop') => {
    setProblem(null);
    try {
      await (action === 'start' ? start : stop).mutateAsync({ path: section });
      setAsking(null);
    } catch (error) {
      setProblem(problemOf(error).message ?? t('form.unreachable'));
    }
  };

  if (minutes === 0) return <p className="muted">{t('classroom.countdown.noMinutes')}</p>;
  return (
    <>
      <div className="action-bar">
        {running ? (
          <>
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              onClick={() => setAsking('restart')}
            >
              {t('classroom.countdown.restart', { count: minutes })}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={busy}
              onClick={() => setAsking('stop')}
            >
              {t('classroom.countdown.stop')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() => void run('start')}
          >
            {t('classroom.countdown.start', { count: minutes })}
          </button>
        )}
      </div>
      {problem && !asking && <Alert tone="danger">{problem}</Alert>}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === 'stop' ? 'classroom.countdown.stopTitle' : 'classroom.countdown.restartTitle')}
        message={t(asking === 'stop' ? 'classroom.countdown.stopText' : 'classroom.countdown.restartText', {
          count: minutes,
        })}
        confirmLabel={t(asking === 'stop' ? 'classroom.countdown.stop' : 'classroom.countdown.restartShort')}
        busy={busy}
        error={asking ? problem : null}
        onConfirm={() => void run(asking === 'stop' ? 'stop' : 'start')}
        onCancel={() => {
          setAsking(null);
          setProblem(null);
        }}
      />
    </>
  );
}
