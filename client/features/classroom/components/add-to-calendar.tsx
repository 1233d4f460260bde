import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { type CalendarMoment, useDownloadCalendar } from '../api/download-calendar';

/**
 * 'Add to calendar': downloads the .ics of a live session or breakout round, which the device's
 * calendar opens. `name` tells a screen reader which one, since a section may list several.
 */
export function AddToCalendar({ moment, name }: { moment: CalendarMoment; name: string }) {
  const { t } = useTranslation();
  const download = useDownloadCalendar();
  return (
    <span className="calendar-add">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={t('classroom.addToCalendarNamed', { name })}
        disabled={download.isPending}
        onClick={() => download.mutate(moment)}
      >
        {download.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
        {t('classroom.addToCalendar')}
      </button>
      {download.isError && (
        <span className="field__error" role="alert">
          {problemOf(download.error).message ?? t('classroom.calendarError')}
        </span>
      )}
    </span>
  );
}
