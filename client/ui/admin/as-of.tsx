import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../events/shared/dates';
import { ErrorPanel, Loading } from '../status';
import { fromDateTimeInput, useDateInputProps } from './content-form-helpers';

/** A moment typed as DD/MM/YYYY HH:mm, in every language, to see the item as it was then. */
export function AsOfPicker({ onPick }: { onPick: (at: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [picked, setPicked] = useState('');
  const [invalid, setInvalid] = useState(false);
  const momentInputProps = useDateInputProps(true);
  return (
    <form
      className="inline-form as-of"
      onSubmit={(event) => {
        event.preventDefault();
        const value = fromDateTimeInput(picked);
        const moment = value ? Date.parse(value) : Number.NaN;
        setInvalid(Number.isNaN(moment));
        if (!Number.isNaN(moment)) onPick(new Date(moment).toISOString());
      }}
    >
      <label htmlFor={`${id}-moment`} className="field__label">
        {t('history.asOf.label')}
      </label>
      <div className="inline-form__controls">
        <input
          id={`${id}-moment`}
          {...momentInputProps}
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={invalid || undefined}
        />
        <button type="submit" className="button button--small" disabled={!picked}>
          {t('history.asOf.show')}
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('history.asOf.hint')}
      </p>
      {invalid && (
        <p id={`${id}-error`} className="field__error">
          {t('validation.date')}
        </p>
      )}
    </form>
  );
}

/**
 * The item as it was at `at` (its `asOf` query), as a labelled region: loading, failed, not yet
 * created, or the item's fields as `details` draws them; with a way to close it.
 */
export function AsOfResult<T>({
  at,
  query,
  onClose,
  details,
}: {
  at: string;
  query: UseQueryResult<T | null, unknown>;
  onClose: () => void;
  details: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="as-of__result panel" aria-live="polite" aria-labelledby={id}>
      <h3 id={id}>{t('history.asOf.title', { when: formatDateTime(at) })}</h3>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorPanel
          message={t('history.loadError')}
          onRetry={() => void query.refetch()}
          error={query.error}
        />
      ) : query.data === null ? (
        <p>{t('history.asOf.notYet')}</p>
      ) : (
        <dl className="details">{details(query.data)}</dl>
      )}
      <button type="button" className="link-button" onClick={onClose}>
        {t('history.asOf.close')}
      </button>
    </section>
  );
}

/** The label of a published, unpublished or deleted item, as an as-of view shows its state. */
export function useStateText() {
  const { t } = useTranslation();
  return (item: { deleted?: boolean; published?: boolean }) =>
    item.deleted
      ? t('courseAdmin.stateDeleted')
      : item.published
        ? t('courseAdmin.statePublished')
        : t('courseAdmin.stateUnpublished');
}
