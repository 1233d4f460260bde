import { sql } from 'kysely';
import { forbidden, notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import type { Image } from '../../events/shared/fields';
import { ownersOfCourse, ownersOfCourses } from '../../projections/course/course-owners';
import { type CourseSummary, findCourseByPath, listCourses } from '../../projections/course/course-summaries';
import { isLinkedTo, linksOfUsers, type UserProfile, usersLinkedTo } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { type CourseRights, courseRights } from '../rights/course-rights';
import { asSeenBy, inSeenOrder } from '../user/queries';
import { type ItemAccess, keepOpen, refusalOf } from '../visibility';

export interface CourseListInput {
  onAdmin?: boolean;
  published?: boolean;
  onHome?: boolean;
}

/**
 * The courses this actor may list (tRPC `course.list` and GraphQL `courses`). On the admin side,
 * holders of the view right see everything and other editors only the courses they own. Everywhere
 * else the list keeps exactly the courses this actor may open (`courseAccessWith`).
 */
export async function visibleCourses(
  db: Db,
  actor: Actor | null,
  input: CourseListInput = {},
): Promise<CourseSummary[]> {
  if (input.onAdmin && can(actor, 'view')) {
    return listCourses(db, { published: input.published, onHome: input.onHome });
  }
  // Editors without the view right manage only their own content (docs/guide/users-and-roles.md).
  if (input.onAdmin && actor && actor.roles.length > 0) {
    return listCourses(db, { published: input.published, onHome: input.onHome, ownedBy: actor.userId });
  }
  // Anonymous visitors see published, public courses: narrowed in SQL, then the same rule.
  const courses = await listCourses(
    db,
    actor
      ? { published: input.published, onHome: input.onHome }
      : { published: true, publicOnly: true, onHome: input.onHome },
  );
  return keepVisibleCourses(actor, courses, await courseFactsFrom(db, actor, courses));
}

/** Who owns a course and whether a user is linked to it: what the course rule looks up. */
export interface CourseFacts {
  owners: (course: Pick<CourseSummary, 'courseId' | 'path'>) => Promise<readonly string[]>;
  linked: (userId: string, coursePath: string) => Promise<boolean>;
}

/** The facts about these courses for this actor, read in two statements whatever their number. */
export async function courseFactsFrom(
  db: Db,
  actor: Actor | null,
  courses: readonly Pick<CourseSummary, 'courseId'>[],
): Promise<CourseFacts> {
  if (!actor || can(actor, 'view') || can(actor, 'edit') || courses.length === 0) {
    return { owners: async () => [], linked: async () => false };
  }
  const owners = new Map<string, string[]>();
  for (const { courseId, user } of await ownersOfCourses(db, [...new Set(courses.map((c) => c.courseId))]))
    owners.set(courseId, [...(owners.get(courseId) ?? []), user._id]);
  const linked = new Set(
    (await linksOfUsers(db, [actor.userId]))
      .filter((link) => link.item_type === 'course')
      .map((link) => link.item_path),
  );
  return {
    owners: async (course) => owners.get(course.courseId) ?? [],
    linked: async (userId, path) => userId === actor.userId && linked.has(path),
  };
}

/**
 * The user ids of the owners of these courses, by course path (who manage its sections and links
 * too), in one statement; every path given has an entry, possibly empty.
 */
export async function ownerIdsOfCourses(db: Db, paths: readonly string[]): Promise<Map<string, string[]>> {
  const owners = new Map<string, string[]>(paths.map((path) => [path, []]));
  if (paths.length === 0) return owners;
  const rows = await db
    .selectFrom('course_summaries as c')
    .innerJoin('course_owners as o', (join) => join.on('o.course_id', '=', sql<string>`c.course_id::text`))
    .select(['c.path', 'o.user_id'])
    .where('c.path', 'in', [...new Set(paths)])
    .orderBy('o.user_id')
    .execute();
  for (const row of rows) owners.get(row.path)?.push(row.user_id);
  return owners;
}

/** Keeps, of courses loaded in a batch, exactly those this actor may open (the rule of `courseAccessWith`). */
export function keepVisibleCourses<
  C extends Pick<CourseSummary, 'courseId' | 'path' | 'published' | 'public'>,
>(actor: Actor | null, courses: readonly C[], facts: CourseFacts): Promise<C[]> {
  // A holder of the view or edit right opens every course: no look-ups needed.
  if (can(actor, 'view') || can(actor, 'edit')) return Promise.resolve([...courses]);
  return keepOpen(courses, async (course) =>
    courseAccessWith(actor, course, await facts.owners(course), (userId) =>
      facts.linked(userId, course.path),
    ),
  );
}

/**
 * What opening the course answers this actor (server/visibility.ts): holders of the view or edit
 * right and its owners always; others when it is published and public (anonymous visitors too: the
 * course list and course info are for everyone), or published and they are linked to it (spec
 * section 4: public, or visible only to linked users).
 */
export async function courseAccessWith(
  actor: Actor | null,
  course: Pick<CourseSummary, 'published' | 'public'>,
  owners: readonly string[],
  isLinked: (userId: string) => Promise<boolean>,
): Promise<ItemAccess> {
  if (can(actor, 'view') || can(actor, 'edit')) return 'open';
  if (actor && owners.includes(actor.userId)) return 'open';
  if (!course.published) return 'hidden';
  if (course.public) return 'open';
  return actor && (await isLinked(actor.userId)) ? 'open' : 'hidden';
}

/** The course rule over single look-ups (one course opened). */
async function courseAccess(db: Db, actor: Actor | null, course: CourseSummary): Promise<ItemAccess> {
  return courseAccessWith(actor, course, actor ? await ownersOfCourse(db, course.courseId) : [], (userId) =>
    isLinkedTo(db, userId, 'course', course.path),
  );
}

/** One course by path, if this actor may see it; otherwise (or when absent) NotFound. */
export async function visibleCourse(db: Db, actor: Actor | null, path: string): Promise<CourseSummary> {
  const course = await findCourseByPath(db, path);
  if (!course) throw notFound('course.notFound');
  const access = await courseAccess(db, actor, course);
  if (access !== 'open') throw refusalOf(access, 'course.notFound');
  return course;
}

/** The course as its page and its admin screens open it: with what this actor may do with it. */
export async function courseWithRights(
  db: Db,
  actor: Actor | null,
  path: string,
): Promise<CourseSummary & { rights: CourseRights }> {
  const course = await visibleCourse(db, actor, path);
  return { ...course, rights: await courseRights(db, actor, course) };
}

/**
 * Who sees a course's participants: those who manage participants or users, holders of the view
 * right, the course's owners, and, when the course shows its user list, any signed-in user.
 */
export function canSeeParticipants(
  actor: Actor | null,
  course: Pick<CourseSummary, 'showUserList'>,
  ownerIds: readonly string[],
): boolean {
  if (!actor) return false;
  if (can(actor, 'view') || can(actor, 'assign_participants') || can(actor, 'manage_users')) return true;
  return ownerIds.includes(actor.userId) || course.showUserList;
}

export interface CourseOwner {
  userId: string;
  name: string;
  email: string;
}

/**
 * The owners of a course (tRPC `course.owners`), for holders of the view right, of assign_owners,
 * and for the owners themselves.
 */
export async function courseOwners(db: Db, actor: Actor | null, path: string): Promise<CourseOwner[]> {
  const course = await findCourseByPath(db, path);
  if (!course) throw notFound('course.notFound');
  const owners = await ownersOfCourses(db, [course.courseId]);
  const allowed =
    can(actor, 'view') ||
    can(actor, 'assign_owners') ||
    (actor !== null && owners.some((owner) => owner.user._id === actor.userId));
  if (!allowed) throw forbidden();
  return inSeenOrder(
    actor,
    owners.map(({ user }) => user),
  ).map((user) => ({ userId: user._id, name: user.name, email: user.email }));
}

/** Someone in an avatar list: a name and a picture, or 'Anonymous User' for fullPrivacy users. */
export interface TeamPerson {
  userId: string;
  name: string;
  /** True when the person is shown as 'Anonymous User' (fullPrivacy) to this viewer. */
  anonymous: boolean;
  image: Image | null;
}

/** A course owner as the Team tab shows them. */
export interface TeamMember extends TeamPerson {
  profession: string | null;
  description: string | null;
}

export interface CourseTeam {
  /** The course's owners, by name. */
  owners: TeamMember[];
  /** The linked participants when the course shows its user list to this viewer; otherwise null. */
  participants: TeamPerson[] | null;
}

function seen(actor: Actor | null, user: UserProfile) {
  const shown = asSeenBy(actor, user);
  // asSeenBy hands back the same profile unless it masked it.
  return { shown, anonymous: shown !== user };
}

/**
 * The course's team (tRPC `course.team`) for whoever may see the course: its owners with name,
 * profession, description and picture, and, when the course shows its user list (showUserList) and
 * the viewer may see participants, the participants' names and pictures. fullPrivacy users read
 * as 'Anonymous User'; no e-mail address or phone number leaves here.
 */
export async function courseTeam(db: Db, actor: Actor | null, path: string): Promise<CourseTeam> {
  const course = await visibleCourse(db, actor, path);
  const owners = (await ownersOfCourses(db, [course.courseId])).map(({ user }) => user);
  const ownerIds = owners.map((owner) => owner._id);
  const showParticipants = course.showUserList && canSeeParticipants(actor, course, ownerIds);
  const participants = showParticipants
    ? (await usersLinkedTo(db, 'course', [course.path])).map(({ user }) => user)
    : null;
  return {
    owners: anonymousLast(
      owners.map((owner) => {
        const { shown, anonymous } = seen(actor, owner);
        return {
          userId: shown._id,
          name: shown.name,
          anonymous,
          image: shown.image,
          profession: shown.profession || null,
          description: shown.description || null,
        };
      }),
    ),
    participants: participants
      ? anonymousLast(
          participants.map((user) => {
            const { shown, anonymous } = seen(actor, user);
            return { userId: shown._id, name: shown.name, anonymous, image: shown.image };
          }),
        )
      : null,
  };
}

/** Named people in their order (by name), then the anonymous ones, whose place would hint at a name. */
function anonymousLast<P extends TeamPerson>(people: P[]): P[] {
  const named = people.filter((person) => !person.anonymous);
  return [...named, ...people.filter((person) => person.anonymous)];
}
