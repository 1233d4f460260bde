import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../../events/shared/dates';
import { useSectionAsOf } from '../../../ui/admin/api/get-sections';
import { AsOfResult, useStateText } from '../../../ui/admin/as-of';

/** The section as it was at `at` (section.asOf). */
export function SectionAsOf({ path, at, onClose }: { path: string; at: string; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useStateText();
  return (
    <AsOfResult
      at={at}
      query={useSectionAsOf(path, at)}
      onClose={onClose}
      details={(then) => (
        <>
          <dt>{t('sectionAdmin.name')}</dt>
          <dd>{then.name}</dd>
          <dt>{t('sectionAdmin.language')}</dt>
          <dd>{t(`languages.${then.language}`)}</dd>
          <dt>{t('courseAdmin.state')}</dt>
          <dd>{state(then)}</dd>
          <dt>{t('sectionAdmin.date')}</dt>
          <dd>{formatDate(then.date) || '—'}</dd>
          <dt>{t('sectionAdmin.location')}</dt>
          <dd>{then.location || '—'}</dd>
          <dt>{t('sectionAdmin.classroom')}</dt>
          <dd>
            {then.classroom
              ? `${then.classroom.name} · ${formatDateTime(then.classroom.startdate) || '—'}`
              : '—'}
          </dd>
        </>
      )}
    />
  );
}
