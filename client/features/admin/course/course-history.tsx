import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { ErrorPanel, Loading } from '../../../ui/status';
import { fromDateTimeInput, useDateInputProps } from '../shared/content-form-helpers';
import { History } from '../shared/history';
import { useCourseAsOf, useCourseHistory } from './get-course-history';

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

/** The course's history and the course as it was at a chosen moment (course.asOf). */
export function CourseHistoryPanel({ path, viewer }: { path: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const history = useCourseHistory(path);
  const [picked, setPicked] = useState('');
  const [invalid, setInvalid] = useState(false);
  const momentInputProps = useDateInputProps(true);
  const [at, setAt] = useState<string | null>(null);
  const asOf = useCourseAsOf(path, at);
  const show = useShowValue();

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
      <form
        className="inline-form as-of"
        onSubmit={(event) => {
          event.preventDefault();
          const value = fromDateTimeInput(picked);
          const moment = value ? Date.parse(value) : Number.NaN;
          setInvalid(Number.isNaN(moment));
          if (!Number.isNaN(moment)) setAt(new Date(moment).toISOString());
        }}
      >
        <label htmlFor="as-of-moment" className="field__label">
          {t('courseAdmin.history.asOfLabel')}
        </label>
        <div className="inline-form__controls">
          <input
            id="as-of-moment"
            {...momentInputProps}
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            aria-describedby={invalid ? 'as-of-hint as-of-error' : 'as-of-hint'}
            aria-invalid={invalid || undefined}
          />
          <button type="submit" className="button button--small" disabled={!picked}>
            {t('courseAdmin.history.asOfShow')}
          </button>
        </div>
        <p id="as-of-hint" className="field__hint">
          {t('courseAdmin.history.asOfHint')}
        </p>
        {invalid && (
          <p id="as-of-error" className="field__error">
            {t('validation.date')}
          </p>
        )}
      </form>
      {at && (
        <section className="as-of__result" aria-live="polite" aria-labelledby="as-of-title">
          <h3 id="as-of-title">{t('courseAdmin.history.asOfTitle', { when: formatDateTime(at) })}</h3>
          {asOf.isPending ? (
            <Loading />
          ) : asOf.isError ? (
            <ErrorPanel
              message={t('courseAdmin.loadOneError')}
              onRetry={() => void asOf.refetch()}
              error={asOf.error}
            />
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
