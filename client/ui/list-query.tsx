import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Empty, ErrorPanel, Loading } from './status';

/** Whether a list is (again) on its way: pending, or failed and being fetched once more. */
export const listLoading = (query: UseQueryResult<unknown, unknown>) =>
  query.isPending || (query.isError && query.isFetching);

/**
 * Loading, failed and empty states of a list's query, or its items. `items` stands in for the
 * query's data where a screen keeps its own copy (a list being reordered).
 */
export function ListQuery<T>({
  query,
  loadError,
  empty,
  items,
  children,
}: {
  query: UseQueryResult<T[], unknown>;
  loadError: string;
  empty: ReactNode;
  items?: T[];
  children: (items: T[]) => ReactNode;
}) {
  if (listLoading(query)) return <Loading />;
  if (query.isError)
    return <ErrorPanel message={loadError} onRetry={() => void query.refetch()} error={query.error} />;
  const shown = items ?? query.data ?? [];
  if (shown.length === 0) return <Empty>{empty}</Empty>;
  return <>{children(shown)}</>;
}
