import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { type CurrentUser, useSession } from '../lib/auth';
import { signInHref } from '../lib/return-to';
import { ErrorPanel, Loading } from './status';

/** The login page, coming back to `path` (the current address by default) afterwards. */
export const loginPath = (path?: string): string => signInHref(path);

/**
 * Shows `children` to a signed-in user; a signed-out visitor goes to /login and comes back here
 * after signing in. Waits quietly while the session is being checked.
 */
export function SignedInOnly({
  children,
  errorMessage,
}: {
  children: (user: CurrentUser) => ReactNode;
  /** Shown when the signed-in user's data could not be loaded. */
  errorMessage?: string;
}) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'loading') {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (session.status === 'error')
    return <ErrorPanel message={errorMessage ?? t('errors.generic')} onRetry={session.retry} />;
  if (session.status === 'signed-out') return <Redirect to={`~${loginPath()}`} replace />;
  return children(session.user);
}
