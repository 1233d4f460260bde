import { SignJWT } from 'jose';
import { type Selectable, sql } from 'kysely';
import { notFound, unauthenticated } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import type { Classroom } from '../../events/section/events';
import { slugify } from '../../events/shared/fields';
import {
  type SectionSummariesTable,
  type SectionSummary,
  toSummary,
} from '../../projections/section/section-summaries';
import { findUserById } from '../../projections/user/users';
import type { Config } from '../config';
import type { Db } from '../db/tables';
import { mayEnterClassroomWith, sectionAccessWith } from '../section/queries';

/** A section whose classroom this actor may enter, and what they may do there. */
export interface ClassroomEntry {
  actor: Actor;
  course: { path: string; name: string };
  section: SectionSummary;
  classroom: Classroom;
  /** Admins and teachers: the view or edit right, or owning the course (Zoom host). */
  isHost: boolean;
  /** Starting and stopping the breakout countdown: as changing the section (edit right or course owner). */
  mayRunCountdown: boolean;
}

interface EntryRow {
  section: Selectable<SectionSummariesTable>;
  course_name: string;
  course_published: boolean;
  course_public: boolean;
  is_owner: boolean;
  is_linked: boolean;
}

/**
 * The section, its course, and whether the actor owns or is linked to that course, in one
 * statement: the countdown is polled every 2 s by everyone in a classroom.
 */
async function entryRow(db: Db, userId: string, sectionPath: string): Promise<EntryRow | null> {
  const { rows } = await sql<EntryRow>`
    select to_jsonb(s) as section, c.name as course_name, c.published as course_published,
      c.public as course_public,
      exists (select 1 from course_owners o
              where o.course_id::text = c.course_id::text and o.user_id = ${userId}) as is_owner,
      exists (select 1 from user_links l
              where l.user_id = ${userId} and l.item_type = 'course' and l.item_path = c.path) as is_linked
    from section_summaries s
    join course_summaries c on c.path = s.course_path
    where s.path = ${sectionPath}`.execute(db);
  return rows[0] ?? null;
}

/**
 * The one rule for entering a classroom or a breakout room and reading its countdown: signed in
 * (else UNAUTHENTICATED); the section exists, belongs to `coursePath` when given, is open to them
 * (the section rule) and they may enter (`mayEnterClassroomWith`). Any other refusal reads as
 * 'does not exist', so nothing tells an outsider that the classroom is there.
 */
async function enterClassroom(
  db: Db,
  actor: Actor | null,
  sectionPath: string,
  coursePath?: string,
): Promise<ClassroomEntry> {
  if (!actor) throw unauthenticated();
  const row = await entryRow(db, actor.userId, sectionPath);
  const section = row && toSummary(row.section);
  if (!row || !section || (coursePath !== undefined && section.parentPath !== coursePath)) {
    throw notFound('section.notFound');
  }
  // The rule's own functions, fed with what the statement read about this actor.
  const course = { published: row.course_published, public: row.course_public };
  const owners = row.is_owner ? [actor.userId] : [];
  const isLinked = async () => row.is_linked;
  if ((await sectionAccessWith(actor, section, course, owners, isLinked)) !== 'open') {
    throw notFound('section.notFound');
  }
  if (!(await mayEnterClassroomWith(actor, course, owners, isLinked))) throw notFound('section.notFound');
  if (!section.classroom) throw notFound('section.noClassroom');
  return {
    actor,
    course: { path: section.parentPath, name: row.course_name },
    section,
    classroom: section.classroom,
    isHost: can(actor, 'view') || can(actor, 'edit') || row.is_owner,
    mayRunCountdown: can(actor, 'edit', { owners }),
  };
}

/** The participant's name in the meeting: 'Anonymous User' under fullPrivacy (docs/guide/live-classrooms.md). */
async function displayNameOf(db: Db, actor: Actor): Promise<string> {
  const user = await findUserById(db, actor.userId);
  if (!user || user.fullPrivacy) return 'Anonymous User';
  return user.name;
}

/** What section.countdown answers: minutes, the stored start, its end, and the server's clock to compare with. */
export interface CountdownView {
  minutes: number;
  startedAt: string | null;
  endsAt: string | null;
  serverNow: string;
}

function countdownOf(classroom: Classroom, now: Date): CountdownView {
  const minutes = classroom.breakoutroomCountdown;
  const started = classroom.breakoutroomCountdownStarted
    ? new Date(classroom.breakoutroomCountdownStarted)
    : null;
  return {
    minutes,
    startedAt: started ? started.toISOString() : null,
    endsAt: started ? new Date(started.getTime() + minutes * 60_000).toISOString() : null,
    serverNow: now.toISOString(),
  };
}

/**
 * The countdown of a classroom this actor may enter (polled by every screen that shows it). The
 * server's clock is read after the database, as late as possible before the answer leaves: screens
 * take `serverNow` as no later than the moment they receive it (client/features/classroom), so time
 * spent waiting here must not be counted before the stamp.
 */
export async function classroomCountdown(
  db: Db,
  actor: Actor | null,
  sectionPath: string,
  clock: () => Date = () => new Date(),
) {
  const entry = await enterClassroom(db, actor, sectionPath);
  return countdownOf(entry.classroom, clock());
}

/**
 * The Zoom Meeting SDK signature (a JWT, HS256 with the SDK secret), as Zoom documents it: valid
 * from a little before now (clock skew) for two hours.
 */
async function zoomSignature(
  sdk: { key: string; secret: string },
  meetingNumber: string,
  role: 0 | 1,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000) - 30;
  const exp = iat + 2 * 60 * 60;
  return new SignJWT({ appKey: sdk.key, sdkKey: sdk.key, mn: meetingNumber, role, iat, exp, tokenExp: exp })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(sdk.secret));
}

const roomNameOf = (section: SectionSummary, classroom: Classroom) =>
  classroom.meetingId.trim() || slugify(`${section.path} ${classroom.name}`);

type ClassroomConfig = Pick<Config, 'JITSI_DOMAIN' | 'ZOOM_SDK_KEY' | 'ZOOM_SDK_SECRET'>;

/** Everything the classroom view needs (tRPC `section.classroom`). */
export async function classroomView(
  db: Db,
  config: ClassroomConfig,
  actor: Actor | null,
  input: { course: string; section: string },
  now: Date,
) {
  const entry = await enterClassroom(db, actor, input.section, input.course);
  const { course, section, classroom } = entry;
  const displayName = await displayNameOf(db, entry.actor);
  const role: 0 | 1 = entry.isHost ? 1 : 0;
  const sdk =
    config.ZOOM_SDK_KEY && config.ZOOM_SDK_SECRET
      ? { key: config.ZOOM_SDK_KEY, secret: config.ZOOM_SDK_SECRET }
      : null;
  // Zoom's meeting number is the id's digits ('123 456 7890' as shown in invitations).
  const meetingNumber = classroom.meetingId.replace(/\D/g, '');
  return {
    course: { path: course.path, name: course.name },
    section: { path: section.path, name: section.name, language: section.language },
    classroom: {
      name: classroom.name,
      type: classroom.type,
      startdate: classroom.startdate,
      enddate: classroom.enddate,
      extraInfo: classroom.extraInfo,
      recordings: classroom.recordings,
      breakoutroomInfo: classroom.breakoutroomInfo,
      breakoutroomCountdown: classroom.breakoutroomCountdown,
    },
    displayName,
    mayRunCountdown: entry.mayRunCountdown,
    jitsi:
      classroom.type === 'jitsi'
        ? { domain: config.JITSI_DOMAIN, roomName: roomNameOf(section, classroom) }
        : null,
    zoom:
      classroom.type === 'zoom' && sdk
        ? {
            sdkKey: sdk.key,
            meetingNumber,
            password: classroom.pwd,
            signature: await zoomSignature(sdk, meetingNumber, role, now),
            role,
            userName: displayName,
          }
        : null,
    // Zoom's own app and web client need no SDK keys: who may enter can always join there.
    zoomJoin: classroom.type === 'zoom' && meetingNumber ? { meetingNumber, password: classroom.pwd } : null,
  };
}

/** A Jitsi room's name from its address's path; a broken escape (`%E0%A4`) stays as written. */
export function roomOfPath(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}

/** One breakout room of a classroom this actor may enter (tRPC `section.breakoutRoom`). */
export async function breakoutRoomView(
  db: Db,
  config: Pick<Config, 'JITSI_DOMAIN'>,
  actor: Actor | null,
  input: { course: string; section: string; room: number },
  now: Date,
) {
  const entry = await enterClassroom(db, actor, input.section, input.course);
  const room = entry.classroom.breakoutrooms.find((candidate) => candidate.roomNumber === input.room);
  if (!room) throw notFound('section.breakoutRoomNotFound');
  // The room's Jitsi URL names the server (host) and the room (path); stored URLs are validated web URLs.
  const url = new URL(room.jitsi);
  return {
    course: { path: entry.course.path, name: entry.course.name },
    section: { path: entry.section.path, name: entry.section.name, language: entry.section.language },
    room: {
      name: room.name,
      startdate: room.startdate,
      roomNumber: room.roomNumber,
      breakoutroomInteriorInfo: room.breakoutroomInteriorInfo,
      url: room.jitsi,
      domain: url.host,
      roomName: roomOfPath(url.pathname),
    },
    /** Where the Jitsi external API script loads from (the CSP allows scripts of JITSI_DOMAIN only). */
    jitsiDomain: config.JITSI_DOMAIN,
    displayName: await displayNameOf(db, entry.actor),
    mayRunCountdown: entry.mayRunCountdown,
    countdown: countdownOf(entry.classroom, now),
  };
}
