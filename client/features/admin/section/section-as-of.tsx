import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useSectionAsOf } from './get-sections';

/** The section as it was at `at` (time travel over its stream), with a way to close the view. */
export function SectionAsOf({ path, at, onClose }: { path: string; at: string; onClose: () => void }) {
  const { t } = useTranslation();
  const asOf = useSectionAsOf(path, at);
  return (
    <section className="as-of__result" aria-live="polite" aria-labelledby="section-as-of-title">
      <h3 id="section-as-of-title">{t('courseAdmin.history.asOfTitle', { when: formatDateTime(at) })}</h3>
      {asOf.isPending ? (
        <Loading />
      ) : asOf.isError ? (
        <ErrorPanel
          message={t('sectionAdmin.loadOneError')}
          onRetry={() => void asOf.refetch()}
          error={asOf.error}
        />
      ) : asOf.data === null ? (
        <p>{t('sectionAdmin.notYet')}</p>
      ) : (
        <dl className="details">
          <dt>{t('sectionAdmin.name')}</dt>
          <dd>{asOf.data.name}</dd>
          <dt>{t('sectionAdmin.language')}</dt>
          <dd>{t(`languages.${asOf.data.language}`)}</dd>
          <dt>{t('courseAdmin.state')}</dt>
          <dd>
            {asOf.data.deleted
              ? t('courseAdmin.stateDeleted')
              : asOf.data.published
                ? t('courseAdmin.statePublished')
                : t('courseAdmin.stateUnpublished')}
          </dd>
          <dt>{t('sectionAdmin.date')}</dt>
          <dd>{formatDate(asOf.data.date) || '—'}</dd>
          <dt>{t('sectionAdmin.location')}</dt>
          <dd>{asOf.data.location || '—'}</dd>
          <dt>{t('sectionAdmin.classroom')}</dt>
          <dd>
            {asOf.data.classroom
              ? `${asOf.data.classroom.name} · ${formatDateTime(asOf.data.classroom.startdate) || '—'}`
              : '—'}
          </dd>
        </dl>
      )}
      <button type="button" className="link-button" onClick={onClose}>
        {t('courseAdmin.history.asOfClose')}
      </button>
    </section>
  );
}
