import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSessionState } from '../../../lib/auth';
import { loginPath } from '../../../ui/signed-in-only';

/** Whether the visitor is signed out (not while the session is still being checked). */
export const useSignedOut = () => useSessionState().status === 'signed-out';

/**
 * In place of a module list for a signed-out visitor: modules are for registered users (spec
 * sections 1 and 4), so the list offers to sign in and come back here rather than showing cards.
 */
export function SignInForModules() {
  const { t } = useTranslation();
  return (
    <p className="status status--empty">
      <Link href={loginPath()}>{t('modules.signInToSee')}</Link>
    </p>
  );
}
