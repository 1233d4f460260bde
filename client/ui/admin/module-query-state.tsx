import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isNotFound } from '../../lib/trpc';
import { ErrorPanel, Loading } from '../status';

/**
 * The module a screen starts from (a new page in it, its translation) while it is not there:
 * loading, not found (with the way back to the modules), or failed (with a retry).
 */
export function ModuleQueryState({ query }: { query: UseQueryResult<unknown, unknown> }) {
  const { t } = useTranslation();
  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  return isNotFound(query.error) ? (
    <div className="status status--not-found">
      <h1>{t('module.notFound')}</h1>
      <p>
        <Link href="/modules">{t('moduleAdmin.backToList')}</Link>
      </p>
    </div>
  ) : (
    <ErrorPanel
      message={t('modules.loadOneError')}
      onRetry={() => void query.refetch()}
      error={query.error}
    />
  );
}
