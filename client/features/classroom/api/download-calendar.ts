import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** Which live moment of a section goes to the calendar: its live session or one breakout round. */
export type CalendarMoment = { section: string; room?: number };

/** The .ics of a section's live session or breakout round (server/calendar/routes.ts). */
const downloadCalendar = ({ section, room }: CalendarMoment) =>
  downloadFile(
    room === undefined
      ? `/api/calendar/sections/${section}/live`
      : `/api/calendar/sections/${section}/rooms/${room}`,
    room === undefined ? `${section}-live.ics` : `${section}-room-${room}.ics`,
  );

export const useDownloadCalendar = () => useMutation({ mutationFn: downloadCalendar });
