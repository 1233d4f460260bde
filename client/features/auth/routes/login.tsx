import '../auth.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import type { TextKey } from '../../../../events/errors';
import { useSession } from '../../../lib/auth';
import { returnToParam, safeReturnTo } from '../../../lib/return-to';
import { pick, useTenant } from '../../../lib/tenant';
import { useLanguage } from '../../../lib/use-language';
import { Alert } from '../../../ui/alert';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { ResetForm } from '../components/reset-form';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { VerifyForm } from '../components/verify-form';

const views = ['sign-in', 'sign-up', 'verify', 'reset'] as const;
type View = (typeof views)[number];

const isView = (value: string | null): value is View => views.includes(value as View);

const titles: Record<View, TextKey> = {
  'sign-in': 'login.signInTitle',
  'sign-up': 'login.signUpTitle',
  verify: 'login.verifyTitle',
  reset: 'login.resetTitle',
};

/**
 * /login: sign in, sign up, verify an account with the mailed code, or choose a new password.
 * Each step has its own address (?view=…), so the browser's back button walks through them;
 * ?next= is where a successful sign-in leads (the page that sent the visitor here; see return-to.ts).
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  const tenant = useTenant().data;
  const session = useSession();
  const params = new URLSearchParams(useSearch());
  const requested = params.get('view');
  const view: View = isView(requested) ? requested : 'sign-in';
  const next = params.get(returnToParam);
  const [, navigate] = useLocation();
  // Carried from one step to the next: the address typed, and what the last step achieved.
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<{ view: View; text: string } | null>(null);
  useDocumentTitle(t(titles[view]));

  const href = (target: View) => {
    const query = new URLSearchParams();
    if (target !== 'sign-in') query.set('view', target);
    if (next) query.set(returnToParam, next);
    const text = query.toString();
    return text ? `/login?${text}` : '/login';
  };
  const goTo = (target: View, address: string, message: string) => {
    setEmail(address);
    setNotice({ view: target, text: message });
    navigate(href(target));
  };

  if (session.status === 'signed-in') return <Redirect to={safeReturnTo(next)} replace />;
  if (session.status === 'error') return <ErrorPanel message={t('errors.generic')} onRetry={session.retry} />;

  const handedOver = notice ?? noticeFromHistory(t);
  const noticeHere = handedOver?.view === view ? handedOver.text : null;
  const tabs: { view: View; label: string }[] = [
    { view: 'sign-in', label: t('login.signInTab') },
    { view: 'sign-up', label: t('login.signUpTab') },
  ];

  return (
    <div className="login">
      <div className="login__card">
        <h1 className="login__title">{t(titles[view])}</h1>
        {view === 'sign-in' && tenant && <p className="login__lead">{pick(tenant.texts.login, language)}</p>}
        <nav className="segmented" aria-label={t('login.steps')}>
          <ul>
            {tabs.map((tab) => (
              <li key={tab.view}>
                <Link
                  href={href(tab.view)}
                  className="segmented__item"
                  aria-current={tab.view === view ? 'page' : undefined}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {session.status === 'loading' ? (
          <div aria-busy="true">
            <Loading />
          </div>
        ) : (
          <>
            {view === 'sign-in' && (
              <>
                {noticeHere && (
                  <Alert tone="success">
                    <p>{noticeHere}</p>
                  </Alert>
                )}
                <SignInForm
                  email={email}
                  onEmailChange={setEmail}
                  verifyHref={href('verify')}
                  forgotHref={href('reset')}
                />
              </>
            )}
            {view === 'sign-up' && (
              <>
                <SignUpForm email={email} onDone={(address, message) => goTo('verify', address, message)} />
                <p className="login__switch">
                  {t('login.haveAccount')} <Link href={href('sign-in')}>{t('login.signInTab')}</Link>
                </p>
              </>
            )}
            {view === 'verify' && (
              <VerifyForm
                email={email}
                notice={noticeHere}
                onDone={(address, message) => goTo('sign-in', address, message)}
              />
            )}
            {view === 'reset' && (
              <ResetForm
                email={email}
                onEmailChange={setEmail}
                onDone={(address, message) => goTo('sign-in', address, message)}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** A message handed over by the page that sent the visitor here (after deleting one's account). */
function noticeFromHistory(t: (key: TextKey) => string): { view: View; text: string } | null {
  const state = window.history.state as { notice?: unknown } | null;
  return state?.notice === 'accountDeleted' ? { view: 'sign-in', text: t('profile.deleted') } : null;
}
