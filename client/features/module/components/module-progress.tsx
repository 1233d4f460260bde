import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFinal } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import type { LearnerModuleResult } from '../api/get-learner-module';
import { pageDone } from './page-done';

interface PagesDone {
  done: number;
  total: number;
}

const pagesDoneOf = (module: LearnerModuleResult): PagesDone => ({
  done: module.pages.filter(pageDone).length,
  total: module.pages.length,
});

/**
 * The signed-in learner's pages done per module of a list (by path), read from each module's
 * learner state (one batch of requests); a module that cannot be read has no entry.
 */
export function usePagesDone(paths: string[]): Map<string, PagesDone> {
  const results = useQueries({
    queries: paths.map((path) =>
      trpc.result.module.queryOptions(
        { module: path },
        { retry: (count, error) => !isFinal(error) && count < 2, refetchOnMount: 'always' },
      ),
    ),
  });
  const done = new Map<string, PagesDone>();
  results.forEach((result, index) => {
    const path = paths[index];
    if (path && result.data) done.set(path, pagesDoneOf(result.data));
  });
  return done;
}

/** A bar with "3 of 5 pages done", named for what it measures (`label`). */
export function PagesDoneBar({ progress, label }: { progress: PagesDone; label: string }) {
  const { t } = useTranslation();
  const text = t('progress.pagesDone', { done: progress.done, total: progress.total });
  return (
    <p className="progress progress--pages">
      <progress
        max={Math.max(progress.total, 1)}
        value={progress.done}
        aria-label={label}
        aria-valuetext={text}
        className="progress__bar"
      />
      <span className="progress__text">{text}</span>
    </p>
  );
}

/** Every module of the list together: the pages done of all pages. */
export function OverallPagesDone({ progress }: { progress: Map<string, PagesDone> }) {
  const { t } = useTranslation();
  if (progress.size === 0) return null;
  const total = { done: 0, total: 0 };
  for (const entry of progress.values()) {
    total.done += entry.done;
    total.total += entry.total;
  }
  return <PagesDoneBar progress={total} label={t('progress.overall')} />;
}
