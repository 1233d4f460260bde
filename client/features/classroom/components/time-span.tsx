import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../../events/shared/dates';

/**
 * A classroom's time as 'DD/MM/YYYY HH:MM – HH:MM GMT+1' (the end's date only when another day):
 * classroom times are shown in GMT+1, and say so (docs/guide/live-classrooms.md).
 */
export function TimeSpan({ start, end }: { start: string | null; end?: string | null }) {
  const { t } = useTranslation();
  if (!start && !end) return null;
  const from = formatDateTime(start);
  const sameDay = start && end && formatDate(start) === formatDate(end);
  const to = end ? (sameDay ? formatDateTime(end).slice(-5) : formatDateTime(end)) : '';
  return (
    <span className="time-span">
      {from}
      {to && ` – ${to}`} <abbr title={t('classroom.timeZoneLong')}>GMT+1</abbr>
    </span>
  );
}
