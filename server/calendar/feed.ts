import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { liveMomentsOf } from '../../events/section/live-moments';
import { feedOwnerByHash } from '../../projections/calendar/calendar-feeds';
import { type SectionSummary, sectionsOfCourse } from '../../projections/section/section-summaries';
import { actorFor } from '../auth/actor';
import { courseFactsFrom, visibleCourse } from '../course/queries';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';
import { keepVisibleSections, mayEnterClassroomWith } from '../section/queries';
import { calendarText } from './ics';
import { calendarEventOf } from './live-sessions';

/** A new feed token: 256 random bits, as URL-safe text (43 characters). */
export const newFeedToken = () => randomBytes(32).toString('base64url');

/** The form a token is kept and looked up in: its SHA-256, so a copy of the database opens no feed. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** What a feed's address is made of; the token is 43 URL-safe characters. */
export const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/calendar/feed/${token}.ics`;

/** The courses a person is linked to or owns, by path: whose live moments are theirs to follow. */
async function coursesOfPerson(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ path: string }>`
    select item_path as path from user_links where user_id = ${userId} and item_type = 'course'
    union
    select c.path from course_summaries c
      join course_owners o on o.course_id = c.course_id::text
      where o.user_id = ${userId}
    order by path`.execute(db);
  return rows.map((row) => row.path);
}

/**
 * The sections with live moments this person follows: of the courses they are linked to or own,
 * the sections they may open whose classroom they may enter, by the rule the single download and
 * the classroom page apply (server/section/queries.ts). Asked afresh each time, so losing access to
 * a course or section takes it out of the next answer.
 */
export async function followedLiveSections(db: Db, actor: Actor): Promise<SectionSummary[]> {
  const followed: SectionSummary[] = [];
  for (const path of await coursesOfPerson(db, actor.userId)) {
    let course: Awaited<ReturnType<typeof visibleCourse>>;
    try {
      course = await visibleCourse(db, actor, path);
    } catch (error) {
      if (error instanceof DomainError) continue;
      throw error;
    }
    const sections = (await sectionsOfCourse(db, path)).filter((section) => section.classroom !== null);
    if (sections.length === 0) continue;
    const facts = await courseFactsFrom(db, actor, [course]);
    const owners = await facts.owners(course);
    const mayEnter = await mayEnterClassroomWith(actor, course, owners, (userId) =>
      facts.linked(userId, course.path),
    );
    if (!mayEnter) continue;
    followed.push(...(await keepVisibleSections(actor, course, sections, facts)));
  }
  return followed;
}

/**
 * The feed behind a token (docs/guide/live-classrooms.md): every live moment
 * the token's owner follows, as one calendar; null for a token that does not work (unknown,
 * revoked, replaced, or its owner erased), which the route answers 404.
 */
export async function feedCalendar(platform: Platform, publicUrl: string, token: string, now: Date) {
  const db = platform.database.db;
  const userId = await feedOwnerByHash(db, feedTokenHash(token));
  const actor = userId && (await actorFor(platform, userId));
  if (!actor) return null;
  const host = new URL(publicUrl).hostname;
  const events = (await followedLiveSections(db, actor)).flatMap((section) =>
    liveMomentsOf(publicUrl, section).map((moment) => calendarEventOf(section, moment, host, now)),
  );
  events.sort((a, b) => a.start.getTime() - b.start.getTime() || (a.uid < b.uid ? -1 : 1));
  return calendarText({ productId: `-//${host}//Live sessions//EN`, name: host, events });
}
