import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';

/** "01/02/2027 – 30/06/2027", "From 01/04/2027", or nothing when the course has no dates. */
export function CourseDates({ start, end }: { start: string | null; end: string | null }) {
  const { t } = useTranslation();
  if (start && end) return <>{t('courses.dates', { start: formatDate(start), end: formatDate(end) })}</>;
  if (start) return <>{t('courses.startsOn', { date: formatDate(start) })}</>;
  if (end) return <>{formatDate(end)}</>;
  return null;
}

export const hasDates = (start: string | null, end: string | null) => Boolean(start || end);
