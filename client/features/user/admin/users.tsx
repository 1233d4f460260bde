import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDate } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUsers } from '../../../ui/admin/api/get-users';
import { CsvDownloadButtons } from '../../../ui/admin/csv-download-buttons';
import { RoleBadges } from '../../../ui/admin/role-badges';
import { Alert } from '../../../ui/alert';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { BulkLink } from './bulk-link';
import { useDownloadUsersCsv } from './download-users-csv';

/** The server answers at most this many users per search. */
const pageSize = 200;

/** /admin/users: every account, searchable by name or e-mail, with the CSV download. */
export function UsersRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminUsers.title'));
  const searchId = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const users = useUsers(term ? { search: term } : {});
  const download = useDownloadUsersCsv();
  const loading = users.isPending || (users.isError && users.isFetching);
  // Selected people stay selected while the search changes, so a selection can grow over searches.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const list = () => {
    if (loading) return <Loading />;
    if (users.isError)
      return (
        <ErrorPanel
          message={t('adminUsers.loadError')}
          onRetry={() => void users.refetch()}
          error={users.error}
        />
      );
    if (users.data.length === 0)
      return <Empty>{term ? t('adminUsers.noMatch', { search: term }) : t('adminUsers.empty')}</Empty>;
    const shownIds = users.data.map((user) => user._id);
    const allShown = shownIds.every((id) => selected.has(id));
    return (
      <>
        <table className="data-table">
          <caption className="visually-hidden">{t('adminUsers.title')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={t('bulkLink.selectAll')}
                  checked={allShown}
                  onChange={(event) => toggle(shownIds, event.target.checked)}
                />
              </th>
              <th scope="col">{t('form.name')}</th>
              <th scope="col">{t('form.email')}</th>
              <th scope="col">{t('adminUsers.roles')}</th>
              <th scope="col">{t('adminUsers.created')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <tr key={user._id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('bulkLink.select', { name: user.name || user.email })}
                    checked={selected.has(user._id)}
                    onChange={(event) => toggle([user._id], event.target.checked)}
                  />
                </td>
                <th scope="row" data-label={t('form.name')}>
                  <Link href={`/users/${encodeURIComponent(user._id)}`}>{user.name || '–'}</Link>
                  {!user.verified && (
                    <span className="badge badge--warning">{t('adminUsers.notVerified')}</span>
                  )}
                </th>
                <td data-label={t('form.email')} className="data-table__email">
                  {user.email}
                </td>
                <td data-label={t('adminUsers.roles')}>
                  <RoleBadges roles={user.roles} />
                </td>
                <td data-label={t('adminUsers.created')}>{formatDate(user.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.data.length >= pageSize && (
          <p className="muted">{t('adminUsers.refine', { count: pageSize })}</p>
        )}
      </>
    );
  };

  return (
    <>
      <div className="page-header">
        <h1>{t('adminUsers.title')}</h1>
        <div className="page-header__actions">
          <Link href="/users/new" className="button button--small">
            {t('adminUsers.new')}
          </Link>
          <Link href="/users/import" className="button button--small button--ghost">
            {t('userImport.action')}
          </Link>
          <Link href="/users/link-existing" className="button button--small button--ghost">
            {t('adminArea.linkUsers')}
          </Link>
          <CsvDownloadButtons
            label={t('adminUsers.downloadCsv')}
            pending={download.isPending ? download.variables : null}
            onDownload={(variant) => download.mutate(variant)}
          />
        </div>
      </div>
      {download.isError && (
        <Alert tone="danger">
          <p>{problemOf(download.error).message ?? t('adminUsers.downloadError')}</p>
        </Alert>
      )}
      <search className="search-box">
        <label htmlFor={searchId}>{t('adminUsers.search')}</label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('adminUsers.searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
        />
      </search>
      <p className="visually-hidden" role="status">
        {users.data && !loading ? t('adminUsers.count', { count: users.data.length }) : ''}
      </p>
      {/* Mounted once someone is selected: the course and module lists load only then. The
          selection stays after an action, so its notice (and undo) stays too. */}
      {selected.size > 0 && <BulkLink userIds={[...selected]} />}
      <section
        aria-busy={loading || (users.isFetching && users.isPlaceholderData)}
        aria-label={t('adminUsers.title')}
      >
        {list()}
      </section>
    </>
  );
}
