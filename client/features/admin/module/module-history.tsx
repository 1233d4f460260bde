import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/dates';
import { ErrorPanel, Loading } from '../../../ui/status';
import { usePageAsOf, usePageHistory } from '../page/pages';
import { History } from '../shared/history';
import { useModuleAsOf, useModuleHistory } from './modules';

/** A field's value as a short text. */
function useShowValue() {
  const { t } = useTranslation();
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('moduleAdmin.history.yes') : t('moduleAdmin.history.no');
    if (Array.isArray(value))
      return value.length === 0 ? '—' : t('moduleAdmin.history.items', { count: value.length });
    if (typeof value === 'object') return '…';
    const text = String(value);
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  };
}

function AsOf({
  at,
  onClose,
  query,
  children,
}: {
  at: string;
  onClose: () => void;
  query: { isPending: boolean; isError: boolean; data: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="as-of__result panel"
      aria-live="polite"
      aria-label={t('moduleAdmin.history.asOfTitle', { when: formatDateTime(at) })}
    >
      <h3>{t('moduleAdmin.history.asOfTitle', { when: formatDateTime(at) })}</h3>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorPanel message={t('history.loadError')} onRetry={() => void query.refetch()} />
      ) : query.data === null ? (
        <p>{t('moduleAdmin.history.notYet')}</p>
      ) : (
        children
      )}
      <button type="button" className="link-button" onClick={onClose}>
        {t('moduleAdmin.history.close')}
      </button>
    </section>
  );
}

/** The module's history (module.history) and the module as it was at a chosen change (module.asOf). */
export function ModuleHistoryPanel({ path, viewer }: { path: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const history = useModuleHistory(path);
  const [at, setAt] = useState<string | null>(null);
  const asOf = useModuleAsOf(path, at);
  const show = useShowValue();
  const then = asOf.data;
  return (
    <>
      <History
        entries={history.data}
        isPending={history.isPending}
        isError={history.isError}
        onRetry={() => void history.refetch()}
        viewer={viewer}
        onShowAsOf={setAt}
      />
      {at && (
        <AsOf at={at} onClose={() => setAt(null)} query={asOf}>
          {then && (
            <dl className="details">
              <dt>{t('moduleAdmin.form.name')}</dt>
              <dd>{then.name}</dd>
              <dt>{t('moduleAdmin.form.language')}</dt>
              <dd>{t(`languages.${then.language}`)}</dd>
              <dt>{t('moduleAdmin.list.state')}</dt>
              <dd>
                {then.deleted
                  ? t('moduleAdmin.state.deleted')
                  : then.published
                    ? t('moduleAdmin.state.published')
                    : t('moduleAdmin.state.unpublished')}
              </dd>
              <dt>{t('moduleAdmin.list.kind')}</dt>
              <dd>{then.test ? t('moduleAdmin.kind.test') : t('moduleAdmin.kind.normal')}</dd>
              <dt>{t('moduleAdmin.form.public')}</dt>
              <dd>{show(then.public)}</dd>
              <dt>{t('moduleAdmin.form.gateProgress')}</dt>
              <dd>{show(then.gateProgress)}</dd>
            </dl>
          )}
        </AsOf>
      )}
    </>
  );
}

/** The page's history (page.history) and the page as it was at a chosen change (page.asOf). */
export function PageHistoryPanel({ path, viewer }: { path: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const history = usePageHistory(path);
  const [at, setAt] = useState<string | null>(null);
  const asOf = usePageAsOf(path, at);
  const then = asOf.data;
  return (
    <>
      <History
        entries={history.data}
        isPending={history.isPending}
        isError={history.isError}
        onRetry={() => void history.refetch()}
        viewer={viewer}
        onShowAsOf={setAt}
      />
      {at && (
        <AsOf at={at} onClose={() => setAt(null)} query={asOf}>
          {then && (
            <dl className="details">
              <dt>{t('pageEditor.name')}</dt>
              <dd>{then.name}</dd>
              <dt>{t('pageEditor.type')}</dt>
              <dd>{t(`pageEditor.types.${then.type}`)}</dd>
              <dt>{t('pageEditor.content')}</dt>
              <dd>{t('pageAdmin.elementCount', { count: then.content.length })}</dd>
            </dl>
          )}
        </AsOf>
      )}
    </>
  );
}
