import { type Actor, can } from '../../events/permissions';
import { ownersOfCourse } from '../../projections/course/course-owners';
import type { CourseSummary } from '../../projections/course/course-summaries';
import type { Db } from '../db/tables';
import { isAdmin, mayReadHistory } from './module-rights';

/**
 * What one person may do with one course (and its sections): the rule every procedure and screen
 * asks, sent with the course to the client.
 */
export interface CourseRights {
  /** Change the course, its sections and what they list. */
  edit: boolean;
  delete: boolean;
  /** Read the course's change history. */
  history: boolean;
  /** Name or remove its owners. */
  assignOwners: boolean;
  /** Link participants to it. */
  assignParticipants: boolean;
  /** Read the list of its participants' course certificates. */
  certificates: boolean;
  /**
   * Assign and revoke its certificate. The main course's certificate is recognised outside the
   * platform, so only the course's owners and administrators give it, and never to themselves.
   */
  certify: boolean;
}

export async function courseRights(
  db: Db,
  actor: Actor | null,
  course: Pick<CourseSummary, 'courseId'>,
  knownOwners?: readonly string[],
): Promise<CourseRights> {
  const owners = knownOwners ?? (await ownersOfCourse(db, course.courseId));
  const owner = actor !== null && owners.includes(actor.userId);
  const editor = can(actor, 'edit', { owners: [...owners] });
  const certify = owner || isAdmin(actor);
  return {
    edit: editor,
    delete: can(actor, 'delete', { owners: [...owners] }),
    history: mayReadHistory(actor, owners),
    assignOwners: can(actor, 'assign_owners'),
    assignParticipants: (can(actor, 'assign_participants') || can(actor, 'manage_users')) && editor,
    certificates: certify || can(actor, 'view') || can(actor, 'manage_users'),
    certify,
  };
}
