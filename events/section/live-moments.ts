import type { Classroom } from './events';

/** What a section's live moments are read from (a section's summary row or its events). */
interface LiveSection {
  parentPath: string;
  path: string;
  classroom: Classroom | null;
}

/**
 * A section's live moments as calendars and reminder mails show them: the live session and each
 * breakout round with a start. One place for the rules both follow (docs/guide/live-classrooms.md):
 * a bare calendar date is midnight in GMT+1, the platform's zone; a round lasts the breakout
 * countdown; each links to the platform's own page of the classroom or room, never to the meeting.
 */
export interface LiveMoment {
  /** `live`, or `room-<n>` for breakout round n: stable, so calendars and the sent mails key on it. */
  key: string;
  name: string;
  start: Date;
  /** Without an end the moment lasts no time. */
  end: Date | null;
  info: string;
  url: string;
}

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** A stored date as a moment; a bare calendar date is midnight in GMT+1. */
export function momentOf(value: string | null): Date | null {
  if (!value) return null;
  const moment = new Date(calendarDate.test(value) ? `${value}T00:00:00+01:00` : value);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/** The address of the section's page on the platform. */
const sectionUrl = (publicUrl: string, section: Pick<LiveSection, 'parentPath' | 'path'>) =>
  `${publicUrl.replace(/\/+$/, '')}/course/${section.parentPath}/section/${section.path}`;

/** Every live moment of the section that has a start, the live session first, then the rounds in order. */
export function liveMomentsOf(publicUrl: string, section: LiveSection): LiveMoment[] {
  const classroom = section.classroom;
  if (!classroom) return [];
  const base = sectionUrl(publicUrl, section);
  const moments: LiveMoment[] = [];
  const start = momentOf(classroom.startdate);
  if (start) {
    moments.push({
      key: 'live',
      name: classroom.name,
      start,
      end: momentOf(classroom.enddate),
      info: classroom.extraInfo,
      url: `${base}/classroom/${encodeURIComponent(classroom.name)}`,
    });
  }
  const minutes = classroom.breakoutroomCountdown;
  for (const room of [...classroom.breakoutrooms].sort((a, b) => a.roomNumber - b.roomNumber)) {
    const roomStart = momentOf(room.startdate);
    if (!roomStart) continue;
    moments.push({
      key: `room-${room.roomNumber}`,
      name: room.name,
      start: roomStart,
      // A round lasts the breakout countdown; without its minutes the round has no set end.
      end: minutes > 0 ? new Date(roomStart.getTime() + minutes * 60_000) : null,
      info: room.breakoutroomInteriorInfo,
      url: `${base}/breakoutroom/${room.roomNumber}`,
    });
  }
  return moments;
}

/**
 * Which reminder of a moment is due at `now`, as minutes before its start, or null: the nearest
 * offset whose time has come while the moment is still ahead. A run that missed an earlier offset
 * (an instance down, a person who opted in late) sends only the nearest one, never a row of them.
 */
export function dueOffset(start: Date, now: Date, offsetsMinutes: readonly number[]): number | null {
  const ahead = start.getTime() - now.getTime();
  if (ahead <= 0) return null;
  const due = offsetsMinutes.filter((offset) => offset * 60_000 >= ahead);
  return due.length === 0 ? null : Math.min(...due);
}
