import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { useSessionState } from '../lib/auth';
import { errorCode, errorKey } from '../lib/trpc';
import { loginPath } from './signed-in-only';
import { ErrorPanel, Loading, NoRights } from './status';

/**
 * Loading, not-found and failed states of one item's query, or the item itself. A path that cannot
 * be a path at all (BAD_REQUEST) names nothing either, so it reads as not found. An item that asks
 * to sign in first (UNAUTHORIZED: module and page content is for registered users) sends a
 * signed-out visitor to the login page, which leads back here afterwards.
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
  query: UseQueryResult<T, unknown>;
  notFound: string;
  loadError: string;
  backHref: string;
  backLabel: string;
  /** Refusals that read as not found here (e.g. 'module.blocked' on a module's overview). */
  notFoundKeys?: string[];
  children: (data: T) => ReactNode;
}) {
  const session = useSessionState();
  if (query.isError && errorCode(query.error) === 'UNAUTHORIZED') {
    // Signed in as far as we know: the session is being checked again (the query client does so),
    // which signs out or renews the token and loads the item once more.
    if (session.status === 'signed-out') return <Redirect to={`~${loginPath()}`} replace />;
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
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
    // A refusal that reads as not found here (a blocked module) is not a matter of rights.
    if (code === 'FORBIDDEN' && !(key !== null && notFoundKeys.includes(key))) {
      return <NoRights backHref={backHref} backLabel={backLabel} />;
    }
    return code === 'NOT_FOUND' || code === 'BAD_REQUEST' || (key !== null && notFoundKeys.includes(key)) ? (
      <div className="status status--not-found">
        <h1>{notFound}</h1>
        <p>
          <Link href={backHref}>{backLabel}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel message={loadError} onRetry={() => void query.refetch()} error={query.error} />
    );
  }
  return <>{children(query.data)}</>;
}
