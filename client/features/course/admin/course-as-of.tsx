import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import { AsOfResult, useStateText } from '../../../ui/admin/as-of';
import { useShowValue } from '../../../ui/admin/history';
import { useCourseAsOf } from './get-course-history';

/** The course as it was at `at` (course.asOf). */
export function CourseAsOf({ path, at, onClose }: { path: string; at: string; onClose: () => void }) {
  const { t } = useTranslation();
  const show = useShowValue();
  const state = useStateText();
  return (
    <AsOfResult
      at={at}
      query={useCourseAsOf(path, at)}
      onClose={onClose}
      details={(then) => (
        <>
          <dt>{t('courseAdmin.name')}</dt>
          <dd>{then.name}</dd>
          <dt>{t('courseAdmin.language')}</dt>
          <dd>{t(`languages.${then.language}`)}</dd>
          <dt>{t('courseAdmin.state')}</dt>
          <dd>{state(then)}</dd>
          <dt>{t('courseAdmin.public')}</dt>
          <dd>{show(then.public)}</dd>
          <dt>{t('courseAdmin.startdate')}</dt>
          <dd>{formatDate(then.startdate) || '—'}</dd>
          <dt>{t('courseAdmin.enddate')}</dt>
          <dd>{formatDate(then.enddate) || '—'}</dd>
          <dt>{t('courseAdmin.location')}</dt>
          <dd>{show(then.location)}</dd>
          <dt>{t('courseAdmin.teacher')}</dt>
          <dd>{show(then.teacher)}</dd>
        </>
      )}
    />
  );
}
