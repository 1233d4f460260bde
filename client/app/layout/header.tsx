import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { holdsAnyRole, useSession } from '../../lib/auth';
import { pick, staticPathOf, useTenant } from '../../lib/tenant';
import { useLanguage } from '../../lib/use-language';
import { CogIcon, MenuIcon } from '../../ui/icons';
import { HeaderSearch } from './header-search';
import { UserMenu } from './user-menu';

const isCurrent = (location: string, href: string) => location === href || location.startsWith(`${href}/`);

export function Header() {
  const { t } = useTranslation();
  const language = useLanguage();
  const tenant = useTenant().data;
  const session = useSession();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A followed link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location]);

  const links = [
    { href: '/course', label: t('nav.courses') },
    ...(tenant?.staticPages ?? []).map((page) => ({
      href: `/${staticPathOf(page, language)}`,
      label: pick(page.title, language),
    })),
  ];

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="brand">
          <img src={tenant?.images.logo ?? '/logo.svg'} alt="" width="40" height="40" />
          <span className="brand__name">{tenant?.name ?? t('app.name')}</span>
          <span className="visually-hidden"> – {t('nav.home')}</span>
        </Link>

        {session.user && <HeaderSearch />}

        <button
          type="button"
          className="menu-toggle button button--small button--ghost"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
          <span className="menu-toggle__label">{t('nav.menu')}</span>
        </button>

        <div id="main-menu" className="site-header__menu" data-open={menuOpen}>
          <nav aria-label={t('nav.mainMenu')}>
            <ul className="main-menu">
              {links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="main-menu__link"
                    aria-current={isCurrent(location, link.href) ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__actions">
            {holdsAnyRole(session.user) && (
              <Link
                href="/admin"
                className="icon-link"
                aria-label={t('nav.admin')}
                title={t('nav.admin')}
                aria-current={isCurrent(location, '/admin') ? 'page' : undefined}
              >
                <CogIcon />
              </Link>
            )}
            <UserMenu session={session} />
          </div>
        </div>
      </div>
    </header>
  );
}
