import { DomainError, notFound, unauthenticated } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import type { SectionSummary } from '../../projections/section/section-summaries';
import type { Db } from '../db/tables';
import { visibleSection } from '../section/queries';
import { type CalendarEvent, calendarText } from './ics';

/** Which of a section's live moments a download holds: the live session, or one breakout round. */
export type LiveMoment = { kind: 'live' } | { kind: 'room'; room: number };

export interface CalendarFile {
  fileName: string;
  text: string;
}

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** A stored date as a moment; a bare calendar date is midnight in GMT+1, the platform's zone (docs/guide/live-classrooms.md). */
function momentOf(value: string | null): Date | null {
  if (!value) return null;
  const moment = new Date(calendarDate.test(value) ? `${value}T00:00:00+01:00` : value);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/**
 * The section, if this actor may open it (the section rule, server/section/queries.ts). An
 * anonymous visitor is asked to sign in (401) whether or not the section exists; a signed-in
 * person who may not open it learns only that it does not exist (404).
 */
async function openSection(db: Db, actor: Actor | null, path: string): Promise<SectionSummary> {
  try {
    return await visibleSection(db, actor, path);
  } catch (error) {
    if (!actor && error instanceof DomainError && error.code === 'NOT_FOUND') throw unauthenticated();
    throw error;
  }
}

const text = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join('\n\n');

/**
 * The .ics of one live moment of a section: its start and end in UTC, the section and classroom
 * (or room) as summary, the information and the platform's address of the classroom (or room). It
 * never carries the meeting's id or password: they reach only who may enter, on the classroom's page.
 */
export async function liveMomentCalendar(
  db: Db,
  publicUrl: string,
  actor: Actor | null,
  sectionPath: string,
  moment: LiveMoment,
  now: Date,
): Promise<CalendarFile> {
  const section = await openSection(db, actor, sectionPath);
  const classroom = section.classroom;
  if (!classroom) throw notFound('section.noClassroom');
  const base = `${publicUrl.replace(/\/+$/, '')}/course/${section.parentPath}/section/${section.path}`;
  const host = new URL(publicUrl).hostname;
  let event: CalendarEvent;
  if (moment.kind === 'live') {
    const start = momentOf(classroom.startdate);
    if (!start) throw notFound('section.noLiveStart');
    const url = `${base}/classroom/${encodeURIComponent(classroom.name)}`;
    event = {
      uid: `${section.sectionId}-live@${host}`,
      stamp: now,
      start,
      end: momentOf(classroom.enddate),
      summary: `${section.name}: ${classroom.name}`,
      description: text(classroom.extraInfo, url),
      url,
    };
  } else {
    const room = classroom.breakoutrooms.find((candidate) => candidate.roomNumber === moment.room);
    if (!room) throw notFound('section.breakoutRoomNotFound');
    const start = momentOf(room.startdate);
    if (!start) throw notFound('section.noLiveStart');
    const url = `${base}/breakoutroom/${room.roomNumber}`;
    // A round lasts the breakout countdown; without its minutes the round has no set end.
    const minutes = classroom.breakoutroomCountdown;
    event = {
      uid: `${section.sectionId}-room-${room.roomNumber}@${host}`,
      stamp: now,
      start,
      end: minutes > 0 ? new Date(start.getTime() + minutes * 60_000) : null,
      summary: `${section.name}: ${room.name}`,
      description: text(room.breakoutroomInteriorInfo, url),
      url,
    };
  }
  return {
    fileName: moment.kind === 'live' ? `${section.path}-live.ics` : `${section.path}-room-${moment.room}.ics`,
    text: calendarText({ productId: `-//${host}//Live sessions//EN`, name: section.name, events: [event] }),
  };
}
