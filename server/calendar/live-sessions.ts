import { DomainError, notFound, unauthenticated } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { type LiveMoment, liveMomentsOf } from '../../events/section/live-moments';
import type { SectionSummary } from '../../projections/section/section-summaries';
import type { Db } from '../db/tables';
import { visibleSection } from '../section/queries';
import { type CalendarEvent, calendarText } from './ics';

/** Which of a section's live moments a download holds: the live session, or one breakout round. */
export type LiveMomentChoice = { kind: 'live' } | { kind: 'room'; room: number };

export interface CalendarFile {
  fileName: string;
  text: string;
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
 * A live moment as a calendar event: its start and end in UTC, the section and classroom (or room)
 * as summary, the information and the platform's address of the classroom (or room). It never
 * carries the meeting's id or password: they reach only who may enter, on the classroom's page. The
 * UID is the same in the single download and in the feed, so a calendar holding both keeps one.
 */
export function calendarEventOf(
  section: Pick<SectionSummary, 'sectionId' | 'name'>,
  moment: LiveMoment,
  host: string,
  now: Date,
): CalendarEvent {
  return {
    uid: `${section.sectionId}-${moment.key}@${host}`,
    stamp: now,
    start: moment.start,
    end: moment.end,
    summary: `${section.name}: ${moment.name}`,
    description: text(moment.info, moment.url),
    url: moment.url,
  };
}

/** The .ics of one live moment of a section the actor may open. */
export async function liveMomentCalendar(
  db: Db,
  publicUrl: string,
  actor: Actor | null,
  sectionPath: string,
  choice: LiveMomentChoice,
  now: Date,
): Promise<CalendarFile> {
  const section = await openSection(db, actor, sectionPath);
  const classroom = section.classroom;
  if (!classroom) throw notFound('section.noClassroom');
  if (choice.kind === 'room' && !classroom.breakoutrooms.some((room) => room.roomNumber === choice.room)) {
    throw notFound('section.breakoutRoomNotFound');
  }
  const key = choice.kind === 'live' ? 'live' : `room-${choice.room}`;
  const moment = liveMomentsOf(publicUrl, section).find((candidate) => candidate.key === key);
  if (!moment) throw notFound('section.noLiveStart');
  const host = new URL(publicUrl).hostname;
  return {
    fileName: `${section.path}-${key}.ics`,
    text: calendarText({
      productId: `-//${host}//Live sessions//EN`,
      name: section.name,
      events: [calendarEventOf(section, moment, host, now)],
    }),
  };
}
