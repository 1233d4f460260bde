import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useCourseAsOf, useCourseHistory } from '../api/get-course-history';
import { getUserQueryOptions } from '../api/get-user';
import { fromDateTimeInput } from './content-form-helpers';

export interface FieldChangeEntry {
  version: number;
  type: string;
  actorId: string | null;
  at: string;
  changes: { field: string; from?: unknown; to?: unknown }[];
}

/** Who made a change: you, the platform, a user by name (for those who may see users), or an editor. */
function useActorNames(entries: FieldChangeEntry[] | undefined, viewer: CurrentUser) {
  const { t } = useTranslation();
  const ids = [...new Set((entries ?? []).map((entry) => entry.actorId))].filter(
    (id): id is string => id !== null && id !== 'system' && id !== viewer._id,
  );
  const users = useQueries({
    queries: ids.map((id) => ({
      ...getUserQueryOptions(id),
      enabled: hasRule(viewer, 'manage_users'),
      staleTime: 300_000,
      retry: false,
    })),
  });
  return (actorId: string | null) => {
    if (actorId === null || actorId === 'system') return t('history.system');
    if (actorId === viewer._id) return t('history.you', { name: viewer.name });
    return users[ids.indexOf(actorId)]?.data?.name ?? t('history.someone');
  };
}

/** A field's value as a short text. */
function useShowValue() {
  const { t } = useTranslation();
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('courseAdmin.history.yes') : t('courseAdmin.history.no');
    if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
    if (typeof value === 'object' && 'name' in value && 'alt' in value) {
      // An image: its file name and what it shows.
      const { name, alt } = value as { name: string; alt: string };
      return `${decodeURIComponent(name.split('/').pop() ?? name)} (${alt || '—'})`;
    }
    if (typeof value === 'object') return JSON.stringify(value);
    const text = String(value);
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  };
}

/** The change history of an item: newest first, each field from → to, and a way to see it as it was. */
export function FieldChangeHistory({
  entries,
  isPending,
  isError,
  onRetry,
  viewer,
  onShowAsOf,
}: {
  entries: FieldChangeEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  viewer: CurrentUser;
  onShowAsOf?: (at: string) => void;
}) {
  const { t } = useTranslation();
  const by = useActorNames(entries, viewer);
  const show = useShowValue();
  if (isPending) return <Loading />;
  if (isError) return <ErrorPanel message={t('history.loadError')} onRetry={onRetry} />;
  if (!entries || entries.length === 0) return <Empty>{t('history.empty')}</Empty>;
  const fieldName = (field: string) => {
    const key = field.replace(/^details\./, '');
    return t(`courseAdmin.history.fields.${key}`, { defaultValue: key });
  };
  return (
    <ol className="history">
      {[...entries].reverse().map((entry) => (
        <li key={entry.version} className="history__item">
          <p className="history__what">
            {t(`courseAdmin.history.events.${entry.type}`, { defaultValue: entry.type })}
          </p>
          {entry.changes.length > 0 && entry.type.endsWith('Updated') && (
            <ul className="history__changes">
              {entry.changes.map((change) => (
                <li key={change.field}>
                  <span className="history__field">{fieldName(change.field)}</span>: {show(change.from)} →{' '}
                  {show(change.to)}
                </li>
              ))}
            </ul>
          )}
          <p className="history__meta">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            <span aria-hidden="true"> · </span>
            {t('history.by', { name: by(entry.actorId) })}
          </p>
          {onShowAsOf && (
            <button type="button" className="link-button" onClick={() => onShowAsOf(entry.at)}>
              {t('courseAdmin.history.showThen')}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The course's history and the course as it was at a chosen moment (course.asOf). */
export function CourseHistoryPanel({ path, viewer }: { path: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const history = useCourseHistory(path);
  const [picked, setPicked] = useState('');
  const [at, setAt] = useState<string | null>(null);
  const asOf = useCourseAsOf(path, at);
  const show = useShowValue();

  return (
    <>
      <FieldChangeHistory
        entries={history.data}
        isPending={history.isPending}
        isError={history.isError}
        onRetry={() => void history.refetch()}
        viewer={viewer}
        onShowAsOf={setAt}
      />
      <form
        className="inline-form as-of"
        onSubmit={(event) => {
          event.preventDefault();
          const value = fromDateTimeInput(picked);
          if (value) setAt(new Date(value).toISOString());
        }}
      >
        <label htmlFor="as-of-moment" className="field__label">
          {t('courseAdmin.history.asOfLabel')}
        </label>
        <div className="inline-form__controls">
          <input
            id="as-of-moment"
            type="datetime-local"
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            aria-describedby="as-of-hint"
          />
          <button type="submit" className="button button--small" disabled={!picked}>
            {t('courseAdmin.history.asOfShow')}
          </button>
        </div>
        <p id="as-of-hint" className="field__hint">
          {t('courseAdmin.history.asOfHint')}
        </p>
      </form>
      {at && (
        <section className="as-of__result" aria-live="polite" aria-labelledby="as-of-title">
          <h3 id="as-of-title">{t('courseAdmin.history.asOfTitle', { when: formatDateTime(at) })}</h3>
          {asOf.isPending ? (
            <Loading />
          ) : asOf.isError ? (
            <ErrorPanel message={t('courseAdmin.loadOneError')} onRetry={() => void asOf.refetch()} />
          ) : asOf.data === null ? (
            <p>{t('courseAdmin.history.notYet')}</p>
          ) : (
            <dl className="details">
              <dt>{t('courseAdmin.name')}</dt>
              <dd>{asOf.data.name}</dd>
              <dt>{t('courseAdmin.language')}</dt>
              <dd>{t(`languages.${asOf.data.language}`)}</dd>
              <dt>{t('courseAdmin.state')}</dt>
              <dd>
                {asOf.data.deleted
                  ? t('courseAdmin.stateDeleted')
                  : asOf.data.published
                    ? t('courseAdmin.statePublished')
                    : t('courseAdmin.stateUnpublished')}
              </dd>
              <dt>{t('courseAdmin.public')}</dt>
              <dd>{show(asOf.data.public)}</dd>
              <dt>{t('courseAdmin.startdate')}</dt>
              <dd>{formatDate(asOf.data.startdate) || '—'}</dd>
              <dt>{t('courseAdmin.enddate')}</dt>
              <dd>{formatDate(asOf.data.enddate) || '—'}</dd>
              <dt>{t('courseAdmin.location')}</dt>
              <dd>{show(asOf.data.location)}</dd>
              <dt>{t('courseAdmin.teacher')}</dt>
              <dd>{show(asOf.data.teacher)}</dd>
            </dl>
          )}
          <button type="button" className="link-button" onClick={() => setAt(null)}>
            {t('courseAdmin.history.asOfClose')}
          </button>
        </section>
      )}
    </>
  );
}
