import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { errorCode, errorKey } from '../lib/trpc';
import { ErrorPanel, Loading } from './status';

/**
 * Loading, not-found and failed states of one item's query, or the item itself. A path that cannot
 * be a path at all (BAD_REQUEST) names nothing either, so it reads as not found.
 */
export function ItemQuery<T>({
  query,
  notFound,
  loadError,
  backHref,
  backLabel,
  notFoundKeys = [],
  children,
}: {
  query: UseQueryResult<T>;
  notFound: string;
  loadError: string;
  backHref: string;
  backLabel: string;
  /** Refusals that read as not found here (e.g. 'module.blocked' on a module's overview). */
  notFoundKeys?: string[];
  children: (data: T) => ReactNode;
}) {
  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (query.isError) {
    const code = errorCode(query.error);
    const key = errorKey(query.error);
    return code === 'NOT_FOUND' || code === 'BAD_REQUEST' || (key !== null && notFoundKeys.includes(key)) ? (
      <div className="status status--not-found">
        <h1>{notFound}</h1>
        <p>
          <Link href={backHref}>{backLabel}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel message={loadError} onRetry={() => void query.refetch()} />
    );
  }
  return <>{children(query.data)}</>;
}
