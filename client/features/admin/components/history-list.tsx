import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/dates';
import { isNotFound } from '../../../lib/trpc';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { getUserQueryOptions } from '../api/get-user';

export interface HistoryItem {
  version: number;
  type: string;
  data: Record<string, unknown>;
  actorId: string | null;
  at: string;
}

/** A line of detail for the event types that have one worth showing (never personal data). */
function useDetails() {
  const { t } = useTranslation();
  const list = (value: unknown) =>
    Array.isArray(value) && value.length > 0 ? value.join(', ') : t('adminUsers.plainUser');
  const actions = (value: unknown) => {
    const granted = Object.entries((value as Record<string, boolean>) ?? {})
      .filter(([, on]) => on)
      .map(([action]) => t(`roleActions.${action}.label`));
    return granted.length > 0 ? granted.join(', ') : t('adminRoles.noActions');
  };
  return (item: HistoryItem): string | null => {
    switch (item.type) {
      case 'UserRolesChanged':
        return t('history.rolesDetail', { before: list(item.data.previous), after: list(item.data.roles) });
      case 'UserCreated':
        return t('history.rolesSet', { roles: list(item.data.roles) });
      case 'UserLinkedToItem':
      case 'UserUnlinkedFromItem':
        return `${t(`history.itemTypes.${String(item.data.itemType)}`)}: ${String(item.data.itemPath)}`;
      case 'RoleCreated':
      case 'RoleUpdated':
        return actions(item.data.actions);
      default:
        return null;
    }
  };
}

/**
 * Who changed what and when: the item's events, newest first. Names of the people who made the
 * changes are looked up when the viewer may see users; the system (start-up, seed) is named so.
 */
export function HistoryList({
  entries,
  isPending,
  isError,
  onRetry,
  viewer,
  self,
}: {
  entries: HistoryItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  viewer: CurrentUser;
  /** On a user's own page: their id and name, so their own changes read "by themselves". */
  self?: { id: string; name: string };
}) {
  const { t } = useTranslation();
  const details = useDetails();
  const actorIds = [...new Set((entries ?? []).map((entry) => entry.actorId))].filter(
    (id): id is string => id !== null && id !== 'system' && id !== self?.id && id !== viewer._id,
  );
  const mayLookUp = hasRule(viewer, 'manage_users');
  const actors = useQueries({
    queries: actorIds.map((id) => ({ ...getUserQueryOptions(id), enabled: mayLookUp, staleTime: 300_000 })),
  });

  const by = (actorId: string | null): string => {
    if (actorId === null || actorId === 'system') return t('history.system');
    if (actorId === self?.id) return self.name;
    if (actorId === viewer._id) return t('history.you', { name: viewer.name });
    const index = actorIds.indexOf(actorId);
    const actor = actors[index];
    if (actor?.data) return actor.data.name;
    if (actor?.isError && isNotFound(actor.error)) return t('history.deletedUser');
    return t('history.someone');
  };

  if (isPending) return <Loading />;
  if (isError) return <ErrorPanel message={t('history.loadError')} onRetry={onRetry} />;
  if (!entries || entries.length === 0) return <Empty>{t('history.empty')}</Empty>;

  return (
    <ol className="history">
      {[...entries].reverse().map((entry) => {
        const detail = details(entry);
        return (
          <li key={entry.version} className="history__item">
            <p className="history__what">{t(`history.events.${entry.type}`, { defaultValue: entry.type })}</p>
            {detail && <p className="history__detail">{detail}</p>}
            <p className="history__meta">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              <span aria-hidden="true"> · </span>
              {t('history.by', { name: by(entry.actorId) })}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
