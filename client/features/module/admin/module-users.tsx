import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUsers } from '../../../ui/admin/api/get-users';
import { useLinkUser } from '../../../ui/admin/api/link-user';
import type { ModuleDetail } from '../../../ui/admin/api/modules';
import { Alert } from '../../../ui/alert';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';

/**
 * /admin/modules/{modulePath}/users (assign_participants): who is linked to the module, to unlink,
 * and a search to link more people (user.link with itemType 'module').
 */
export function ModuleUsersView({ module }: { module: ModuleDetail }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const linked = useUsers({ module: module.path });
  const found = useUsers(term ? { search: term } : {}, term.length > 0);
  const link = useLinkUser();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const linkedIds = new Set((linked.data ?? []).map((user) => user._id));

  const change = async (user: { _id: string; name: string }, on: boolean) => {
    setNotice(null);
    setBusyId(user._id);
    try {
      await link.mutateAsync({ _id: user._id, itemType: 'module', itemPath: module.path, linked: on });
      setNotice({
        tone: 'success',
        text: on
          ? t('moduleAdmin.users.linked', { name: user.name })
          : t('moduleAdmin.users.unlinked', { name: user.name }),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    } finally {
      setBusyId(null);
    }
  };

  const linkedList = () => {
    if (linked.isPending) return <Loading />;
    if (linked.isError)
      return (
        <ErrorPanel
          message={t('adminUsers.loadError')}
          onRetry={() => void linked.refetch()}
          error={linked.error}
        />
      );
    if (linked.data.length === 0) return <Empty>{t('moduleAdmin.users.empty')}</Empty>;
    return (
      <ul className="link-list">
        {linked.data.map((user) => (
          <li key={user._id}>
            <span>
              <span className="pick-list__name">{user.name || '–'}</span>{' '}
              <span className="pick-list__email">{user.email}</span>
            </span>
            <button
              type="button"
              className="button button--danger-ghost button--small"
              disabled={busyId !== null}
              onClick={() => void change(user, false)}
            >
              {t('moduleAdmin.users.unlink')}
            </button>
          </li>
        ))}
      </ul>
    );
  };

  const results = () => {
    if (!term) return null;
    if (found.isPending) return <Loading />;
    if (found.isError)
      return (
        <ErrorPanel
          message={t('adminUsers.loadError')}
          onRetry={() => void found.refetch()}
          error={found.error}
        />
      );
    const candidates = found.data.filter((user) => !linkedIds.has(user._id));
    if (candidates.length === 0) return <Empty>{t('adminUsers.noMatch', { search: term })}</Empty>;
    return (
      <ul className="link-list">
        {candidates.map((user) => (
          <li key={user._id}>
            <span>
              <span className="pick-list__name">{user.name || '–'}</span>{' '}
              <span className="pick-list__email">{user.email}</span>
            </span>
            <button
              type="button"
              className="button button--small"
              disabled={busyId !== null}
              onClick={() => void change(user, true)}
            >
              {t('moduleAdmin.users.link')}
            </button>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="module-users-title">
      <h2 id="module-users-title">{t('moduleAdmin.users.title')}</h2>
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
      <div aria-busy={linked.isPending}>{linkedList()}</div>
      <h3>{t('moduleAdmin.users.addTitle')}</h3>
      <search className="search-box">
        <label htmlFor={searchId}>{t('adminUsers.search')}</label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('adminUsers.searchPlaceholder')}
          autoComplete="off"
        />
      </search>
      {results()}
    </section>
  );
}
