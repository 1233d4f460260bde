import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOnline } from '../lib/online';
import { errorCode } from '../lib/trpc';

/** Shown while a query loads; the region around it carries aria-busy. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p className="status status--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('app.loading')}
    </p>
  );
}

/**
 * A load the server refused for want of rights (403): trying again would change nothing, so it
 * says so and offers the way back instead.
 */
export function NoRights({ backHref = '~/', backLabel }: { backHref?: string; backLabel?: string }) {
  const { t } = useTranslation();
  return (
    <div className="status status--not-found" role="alert">
      <p>{t('errors.noRights')}</p>
      <p>
        <Link href={backHref}>{backLabel ?? t('notFound.home')}</Link>
      </p>
    </div>
  );
}

/**
 * A failed load: the message, and a button to try again when the caller can. With the `error`, a
 * refusal for want of rights reads as such instead (NoRights). Offline, the load failed because
 * this device never kept what was asked for (client/sw/): it says so, rather than that something
 * went wrong, and the query loads again by itself once the network is back.
 */
export function ErrorPanel({
  message,
  onRetry,
  error,
}: {
  message: string;
  onRetry?: () => void;
  error?: unknown;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  if (error !== undefined && errorCode(error) === 'FORBIDDEN') return <NoRights />;
  return (
    <div className={`status ${online ? 'status--error' : 'status--info'}`} role="alert">
      {online ? (
        <p>{message}</p>
      ) : (
        <>
          <p>
            <strong>{t('offline.notKeptTitle')}</strong>
          </p>
          <p>{t('offline.notKept')}</p>
        </>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('app.retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="status status--empty">{children}</p>;
}
