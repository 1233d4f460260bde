import { forbidden, notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import { ownersOfCourse, ownersOfCourses } from '../../projections/course/course-owners';
import { type CourseSummary, findCourseByPath, listCourses } from '../../projections/course/course-summaries';
import type { AnyDb } from '../../projections/db';
import { isLinkedTo } from '../../projections/user/users';

export interface CourseListInput {
  onAdmin?: boolean;
  published?: boolean;
  onHome?: boolean;
}

/**
 * The courses this actor may list (tRPC `course.list` and GraphQL `courses`): learners see
 * published, public courses; on the admin side, holders of the view right see everything and other
 * editors only the courses they own.
 */
export function visibleCourses(
  db: AnyDb,
  actor: Actor | null,
  input: CourseListInput = {},
): Promise<CourseSummary[]> {
  if (input.onAdmin && can(actor, 'view')) {
    return listCourses(db, { published: input.published, onHome: input.onHome });
  }
  // Editors without the view right manage only their own content (spec section 6).
  if (input.onAdmin && actor && actor.roles.length > 0) {
    return listCourses(db, { published: input.published, onHome: input.onHome, ownedBy: actor.userId });
  }
  return listCourses(db, {
    published: true,
    publicOnly: true,
    linkedUser: actor?.userId,
    onHome: input.onHome,
  });
}

/** One course by path, if this actor may see it; otherwise (or when absent) NotFound. */
export async function visibleCourse(db: AnyDb, actor: Actor | null, path: string): Promise<CourseSummary> {
  const course = await findCourseByPath(db, path);
  if (!course || !(await maySeeCourse(db, actor, course))) throw notFound('course.notFound');
  return course;
}

/**
 * Holders of the view right and the course's owners always; others when it is published and
 * public, or they are linked to it (spec section 4: public, or visible only to linked users).
 */
async function maySeeCourse(db: AnyDb, actor: Actor | null, course: CourseSummary): Promise<boolean> {
  if (can(actor, 'view')) return true;
  if (!actor) return course.published && course.public;
  if ((await ownersOfCourse(db, course.courseId)).includes(actor.userId)) return true;
  if (!course.published) return false;
  return course.public || isLinkedTo(db, actor.userId, 'course', course.path);
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
export async function courseOwners(db: AnyDb, actor: Actor | null, path: string): Promise<CourseOwner[]> {
  const course = await findCourseByPath(db, path);
  if (!course) throw notFound('course.notFound');
  const owners = await ownersOfCourses(db, [course.courseId]);
  const allowed =
    can(actor, 'view') ||
    can(actor, 'assign_owners') ||
    (actor !== null && owners.some((owner) => owner.user._id === actor.userId));
  if (!allowed) throw forbidden();
  return owners.map(({ user }) => ({ userId: user._id, name: user.name, email: user.email }));
}
