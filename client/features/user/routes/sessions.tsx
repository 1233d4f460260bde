import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { formatDateTime } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SignedInOnly } from '../../../ui/signed-in-only';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useEndAllSessions, useEndSession } from '../api/end-sessions';
import { type ActiveSession, useSessions } from '../api/get-sessions';
import './sessions.css';

/**
 * /user/sessions, 'Your sessions': where the account is signed in (device, network, last use), with
 * 'sign out' per session and 'sign out everywhere'. Signed-out visitors are sent to /login first.
 */
export function SessionsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('sessions.title'));
  return (
    <SignedInOnly errorMessage={t('sessions.loadError')}>
      {() => (
        <div className="page-narrow">
          <h1>{t('sessions.title')}</h1>
          <p className="page-lead">{t('sessions.lead')}</p>
          <SessionList />
        </div>
      )}
    </SignedInOnly>
  );
}

function SessionList() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const sessions = useSessions();
  const end = useEndSession();
  const endAll = useEndAllSessions();
  const [asking, setAsking] = useState(false);
  const everywhere = useRef<HTMLButtonElement>(null);

  if (sessions.isPending) return <Loading />;
  if (sessions.isError)
    return <ErrorPanel message={t('sessions.loadError')} onRetry={() => void sessions.refetch()} />;

  const signOutEverywhere = async () => {
    await endAll.mutateAsync();
    setAsking(false);
    navigate('~/');
  };
  const signOutOne = async (session: ActiveSession) => {
    const { current } = await end.mutateAsync({ id: session.id });
    if (current) navigate('~/');
  };

  return (
    <>
      {end.isSuccess && !end.data.current && (
        <Alert tone="success">
          <p>{t('sessions.ended')}</p>
        </Alert>
      )}
      {end.isError && (
        <Alert tone="danger">
          <p>{problemOf(end.error).message ?? t('errors.generic')}</p>
        </Alert>
      )}
      <ul className="session-list">
        {sessions.data.map((session) => {
          const device = deviceLabel(t, session);
          return (
            <li key={session.id} className="session-list__item panel">
              <div className="session-list__head">
                <h2 className="session-list__device">{device}</h2>
                {session.current && <span className="badge">{t('sessions.current')}</span>}
                {session.keepSignedIn && <span className="badge badge--muted">{t('sessions.kept')}</span>}
              </div>
              <dl className="session-list__facts">
                <div>
                  <dt>{t('sessions.place')}</dt>
                  <dd>{session.place ?? t('sessions.unknownPlace')}</dd>
                </div>
                <div>
                  <dt>{t('sessions.lastUsed')}</dt>
                  <dd>{formatDateTime(session.lastUsedAt)}</dd>
                </div>
                <div>
                  <dt>{t('sessions.signedIn')}</dt>
                  <dd>{formatDateTime(session.createdAt)}</dd>
                </div>
                <div>
                  <dt>{t('sessions.ends')}</dt>
                  <dd>{formatDateTime(session.expiresAt)}</dd>
                </div>
              </dl>
              <button
                type="button"
                className="button button--small button--ghost session-list__sign-out"
                aria-label={t('sessions.signOutOf', { device })}
                disabled={end.isPending}
                onClick={() => void signOutOne(session).catch(() => {})}
              >
                {t('sessions.signOut')}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="form__actions">
        <button
          ref={everywhere}
          type="button"
          className="button button--danger"
          onClick={() => setAsking(true)}
        >
          {t('sessions.signOutEverywhere')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('sessions.everywhereTitle')}
        message={t('sessions.everywhereMessage')}
        confirmLabel={t('sessions.signOutEverywhere')}
        busy={endAll.isPending}
        error={endAll.isError ? (problemOf(endAll.error).message ?? t('errors.generic')) : null}
        onConfirm={() => void signOutEverywhere().catch(() => {})}
        onCancel={() => setAsking(false)}
        returnFocus={everywhere}
      />
    </>
  );
}

/** 'Firefox on Windows', 'Safari', 'App or script (curl)': what the User-Agent names, in words. */
function deviceLabel(t: TFunction, session: ActiveSession) {
  if (session.kind === 'api')
    return session.browser ? `${t('sessions.api')} (${session.browser})` : t('sessions.api');
  const browser = session.browser ?? t('sessions.unknownBrowser');
  return session.system ? t('sessions.deviceOn', { browser, system: session.system }) : browser;
}
