import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCheckReveals } from '../../../events/module/events';
import { isRoleAction } from '../../../events/permissions';
import { formatDateTime } from '../../../events/shared/dates';
import type { CurrentUser } from '../../lib/auth';
import { problemOf } from '../../lib/forms';
import type { RouterOutputs } from '../../lib/trpc';
import { Empty, ErrorPanel, Loading } from '../status';
import { AsOfPicker } from './as-of';
import { useElementChangeText } from './element-changes';

/** One entry of any item's history (course, section, module, page, file, user, role): the same shape. */
export type HistoryEntry = RouterOutputs['course']['history'][number];

/** Labels of a field path such as `details.classroom.name`: each part translated, joined. */
function useFieldLabel() {
  const { t } = useTranslation();
  return (field: string) =>
    field
      .replace(/^details\./, '')
      .split('.')
      .map((part) =>
        t(
          [
            `history.fields.${part}`,
            `courseAdmin.history.fields.${part}`,
            `moduleAdmin.history.fields.${part}`,
            `certificates.config.${part}`,
          ],
          {
            defaultValue: part,
          },
        ),
      )
      .join(' › ');
}

/** A field's value as a short text. */
export function useShowValue() {
  const { t } = useTranslation();
  return (value: unknown, field = ''): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
    // A draft names the field, the history its path (details.checkReveals).
    if (field.split('.').pop() === 'checkReveals' && isCheckReveals(value))
      return t(`moduleAdmin.form.checkReveals.${value}`);
    if (Array.isArray(value)) {
      // No roles at all is a plain user, as the users list says.
      if (value.length === 0) return field === 'roles' ? t('adminUsers.plainUser') : '—';
      if (field === 'actions')
        return value
          .map((action) => (isRoleAction(action) ? t(`roleActions.${action}.label`) : String(action)))
          .join(', ');
      if (value.every((item) => typeof item === 'string' || typeof item === 'number'))
        return value.join(', ');
      return t('history.items', { count: value.length });
    }
    if (typeof value === 'object' && 'name' in value && 'alt' in value) {
      // An image: its file name and what it shows.
      const { name, alt } = value as { name: string; alt: string };
      return `${decodeURIComponent(name.split('/').pop() ?? name)} (${alt || '—'})`;
    }
    if (typeof value === 'object') return t('history.items', { count: Object.keys(value).length });
    const text = String(value);
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  };
}

/** Events besides updates whose entries list what they changed: a draft and its publication. */
const withChanges = new Set([
  'PageDraftSaved',
  'PageChangesPublished',
  'ModuleDraftSaved',
  'ModuleChangesPublished',
  'CourseDraftSaved',
  'CourseChangesPublished',
]);

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The loading, failed and empty states of a history, or its entries newest first, each drawn by
 * `entry`: the frame of every history list (items, and a participant's result).
 */
export function HistoryList<E extends { version: number }>({
  query,
  entry,
}: {
  query: UseQueryResult<E[], unknown>;
  entry: (entry: E) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  // A refusal reads as the server's reason (or no rights), never as a failure to try again.
  if (query.isError)
    return (
      <ErrorPanel
        message={problemOf(query.error).message ?? t('history.loadError')}
        onRetry={() => void query.refetch()}
        error={query.error}
      />
    );
  if (query.data.length === 0) return <Empty>{t('history.empty')}</Empty>;
  return (
    <ol className="history">
      {[...query.data].reverse().map((item) => (
        <li key={item.version} className="history__item">
          {entry(item)}
        </li>
      ))}
    </ol>
  );
}

/**
 * The history of any item, newest first: one sentence per event naming the item and the people
 * involved (names come with the entries from the server, as the viewer may see them), a reorder's
 * order before and after, an update's fields from → to. With `asOf`, the item as it was right
 * after a change or at a moment typed in (time travel over its stream).
 */
export function History({
  query,
  viewer,
  asOf,
}: {
  query: UseQueryResult<HistoryEntry[], unknown>;
  viewer: CurrentUser;
  asOf?: (at: string, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const show = useShowValue();
  const elements = useElementChangeText();
  const [at, setAt] = useState<string | null>(null);

  const nameOf = (entry: HistoryEntry, id: string | null) => {
    if (id === null || id === 'system') return t('history.system');
    if (id === viewer._id) return t('history.you', { name: viewer.name });
    return entry.people[id] ?? t('history.deletedUser');
  };
  const sentence = (entry: HistoryEntry) => {
    const target = entry.target
      ? t(`history.targets.${entry.target.kind}`, { name: entry.target.name ?? entry.target.path })
      : '';
    const text = t(
      [
        ...(entry.type === 'RoleCreated' && entry.values.origin ? ['history.events.RoleCopied'] : []),
        `history.events.${entry.type}`,
        `courseAdmin.history.events.${entry.type}`,
        `moduleAdmin.history.events.${entry.type}`,
      ],
      {
        defaultValue: entry.type,
        actor: nameOf(entry, entry.actorId),
        person: entry.personId ? nameOf(entry, entry.personId) : '',
        item: entry.item ?? t('history.thisItem'),
        target,
        minutes: entry.values.minutes,
        origin: entry.values.origin,
      },
    );
    return capitalized(text);
  };

  return (
    <>
      <HistoryList
        query={query}
        entry={(entry) => {
          const changes =
            entry.type.endsWith('Updated') ||
            entry.type.endsWith('Changed') ||
            entry.type.endsWith('CertificateConfigured') ||
            withChanges.has(entry.type)
              ? entry.changes
              : [];
          const roles = entry.type === 'UserCreated' ? entry.values.roles : undefined;
          const actions = entry.type === 'RoleCreated' ? entry.values.actions : undefined;
          return (
            <>
              <p className="history__what">{sentence(entry)}</p>
              {entry.order && (
                <ul className="history__changes history__order">
                  <li>{t('history.orderBefore', { list: entry.order.before.join(', ') || '—' })}</li>
                  <li>{t('history.orderAfter', { list: entry.order.after.join(', ') || '—' })}</li>
                </ul>
              )}
              {changes.length > 0 && (
                <ul className="history__changes">
                  {changes.map((change) => (
                    <li key={change.field}>
                      <span className="history__field">{fieldLabel(change.field)}</span>:{' '}
                      {/* A page's content reads element by element, not as a count of items. */}
                      {(change.field.endsWith('content') && elements.summary(change.from, change.to)) ||
                        `${show(change.from, change.field)} → ${show(change.to, change.field)}`}
                    </li>
                  ))}
                </ul>
              )}
              {roles !== undefined && (
                <p className="history__detail">{t('history.rolesSet', { roles: show(roles, 'roles') })}</p>
              )}
              {actions !== undefined && (
                <p className="history__detail">
                  {t('history.actionsDetail', { actions: show(actions, 'actions') })}
                </p>
              )}
              <p className="history__meta">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {asOf && (
                <button type="button" className="link-button" onClick={() => setAt(entry.at)}>
                  {t('history.showThen')}
                </button>
              )}
            </>
          );
        }}
      />
      {asOf && query.isSuccess && query.data.length > 0 && <AsOfPicker onPick={setAt} />}
      {asOf && at && asOf(at, () => setAt(null))}
    </>
  );
}
