import DataLoader from 'dataloader';
import { ownersOfCourses } from '../../projections/course/course-owners';
import type { AnyDb } from '../../projections/db';
import { type SectionSummary, sectionsOfCourses } from '../../projections/section/section-summaries';
import { findUsersByIds, linksOfUsers, type UserProfile, usersLinkedTo } from '../../projections/user/users';

export interface UserLinks {
  courses: string[];
  modules: string[];
}

const groupBy = <T>(keys: readonly string[], rows: T[], keyOf: (row: T) => string) => {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
};

/**
 * One set per request, so a list of 50 courses asks for its owners, participants and their links
 * in one statement each, whatever the number of courses.
 */
export function createLoaders(db: AnyDb) {
  return {
    user: new DataLoader<string, UserProfile | null>(async (ids) => {
      const users = new Map((await findUsersByIds(db, ids)).map((user) => [user._id, user]));
      return ids.map((id) => users.get(id) ?? null);
    }),
    links: new DataLoader<string, UserLinks>(async (ids) =>
      groupBy(ids, await linksOfUsers(db, ids), (link) => link.user_id).map((links) => ({
        courses: links.filter((link) => link.item_type === 'course').map((link) => link.item_path),
        modules: links.filter((link) => link.item_type === 'module').map((link) => link.item_path),
      })),
    ),
    /** By course id. */
    courseOwners: new DataLoader<string, UserProfile[]>(async (courseIds) =>
      groupBy(courseIds, await ownersOfCourses(db, courseIds), (row) => row.courseId).map((rows) =>
        rows.map((row) => row.user),
      ),
    ),
    /** By course path (links name the path, the id that URLs and the contract use). */
    courseParticipants: new DataLoader<string, UserProfile[]>(async (paths) =>
      groupBy(paths, await usersLinkedTo(db, 'course', paths), (row) => row.itemPath).map((rows) =>
        rows.map((row) => row.user),
      ),
    ),
    /**
     * By course path: every section of each course, in order, whoever asks (the resolver applies
     * the read rules of server/section/queries.ts, so the loader stays the same for every caller).
     */
    courseSections: new DataLoader<string, SectionSummary[]>(async (paths) =>
      groupBy(paths, await sectionsOfCourses(db, paths), (section) => section.parentPath),
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
