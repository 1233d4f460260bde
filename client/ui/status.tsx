import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A failed load: the message, and a button to try again when the caller can. */
export function ErrorPanel({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="status status--error" role="alert">
      <p>{message}</p>
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
