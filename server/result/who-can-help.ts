import type { Actor } from '../../events/permissions';
import { ownersOfCourses } from '../../projections/course/course-owners';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { parentsOf } from '../../projections/link/content-links';
import { findSectionByPath } from '../../projections/section/section-summaries';
import { findUsersByIds, type UserProfile } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { asSeenBy } from '../user/queries';

/**
 * The people a participant can ask for another attempt: the module's owners, or else the owners of
 * the courses that list the module (directly or through a section). Names only, as the participant
 * may see them; people with full privacy are left out rather than shown as 'Anonymous User'.
 */
export async function whoCanHelp(
  db: Db,
  actor: Actor | null,
  module: { path: string; owners: readonly string[] },
): Promise<string[]> {
  let people: UserProfile[] = await findUsersByIds(db, module.owners);
  if (people.length === 0) {
    const coursePaths = new Set<string>();
    for (const parent of await parentsOf(db, 'module', module.path)) {
      if (parent.parentType === 'course') coursePaths.add(parent.parentPath);
      else {
        const section = await findSectionByPath(db, parent.parentPath);
        if (section) coursePaths.add(section.parentPath);
      }
    }
    const courses = await Promise.all([...coursePaths].map((path) => findCourseByPath(db, path)));
    const ids = courses.flatMap((course) => (course ? [course.courseId] : []));
    people = (await ownersOfCourses(db, ids)).map((owner) => owner.user);
  }
  const names = people.flatMap((person) => {
    const shown = asSeenBy(actor, person);
    return shown === person ? [person.name] : [];
  });
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}
