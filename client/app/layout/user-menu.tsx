import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../lib/auth';
import { UserIcon } from '../../ui/icons';

/** Signed out: the sign-in link. Signed in: a small menu under the user's name. */
export function UserMenu({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  if (!user) {
    return (
      <Link href="/login" className="button button--small user-menu__sign-in">
        <UserIcon />
        {t('nav.signIn')}
      </Link>
    );
  }
  return (
    <details className="user-menu">
      <summary className="button button--small">
        <UserIcon />
        {user.name}
      </summary>
      <ul className="user-menu__list">
        <li>
          <Link href="/user">{t('nav.account')}</Link>
        </li>
      </ul>
    </details>
  );
}
