import DataLoader from 'dataloader';
import type { Actor } from '../../events/permissions';
import { type CertificateRecord, certificatesOfUsers } from '../../projections/certificate/certificates';
import { ownersOfCourses } from '../../projections/course/course-owners';
import type { FileSummary } from '../../projections/file/file-summaries';
import type { Parent } from '../../projections/link/content-links';
import { ownersOfModules } from '../../projections/module/module-owners';
import type { ModuleSummary } from '../../projections/module/module-summaries';
import { type PageSummary, pagesOfModules } from '../../projections/page/page-summaries';
import { answersOfModules, type StoredAnswer } from '../../projections/result/module-results';
import { type SectionSummary, sectionsOfCourses } from '../../projections/section/section-summaries';
import { findUsersByIds, linksOfUsers, type UserProfile, usersLinkedTo } from '../../projections/user/users';
import { ownerIdsOfCourses } from '../course/queries';
import type { Db } from '../db/tables';
import { filesOfParents, itemsOfParents } from '../link/queries';
import { modulesByPaths } from '../module/queries';
import { teachingCourses } from '../rights/module-rights';
import { publicCoursesAmong } from '../section/queries';

export interface UserLinks {
  courses: string[];
  modules: string[];
}

const groupBy = <T>(keys: readonly string[], rows: T[], keyOf: (row: T) => string) => {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
};

/** A parent as a loader key: "course:<path>" or "section:<path>". */
export const parentKey = (parent: Parent) => `${parent.parentType}:${parent.parentPath}`;
const parentOfKey = (key: string): Parent => {
  const at = key.indexOf(':');
  return { parentType: key.slice(0, at) as Parent['parentType'], parentPath: key.slice(at + 1) };
};

/**
 * One set per request, so a list of 50 courses asks for its owners, participants and their links
 * in one statement each, whatever the number of courses. `actor` is the request's caller.
 */
export function createLoaders(db: Db, actor: Actor | null) {
  const user = new DataLoader<string, UserProfile | null>(async (ids) => {
    const users = new Map((await findUsersByIds(db, ids)).map((user) => [user._id, user]));
    return ids.map((id) => users.get(id) ?? null);
  });
  const moduleByPath = new DataLoader<string, ModuleSummary | null>(async (paths) => {
    const modules = await modulesByPaths(db, paths);
    return paths.map((path) => modules.get(path) ?? null);
  });
  /** By module id: its owners' profiles (two statements for any number of modules). */
  const moduleOwners = new DataLoader<string, UserProfile[]>(async (moduleIds) => {
    const owners = await ownersOfModules(db, moduleIds);
    const users = await user.loadMany([...new Set([...owners.values()].flat())]);
    const byId = new Map(
      users.flatMap((owner) => (owner && !(owner instanceof Error) ? [[owner._id, owner]] : [])),
    );
    return moduleIds.map((id) => (owners.get(id) ?? []).flatMap((userId) => byId.get(userId) ?? []));
  });
  return {
    user,
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
    /** By course path: the user ids of its owners (who manage its sections and links too). */
    courseOwnerIds: new DataLoader<string, string[]>(async (paths) => {
      const owners = await ownerIdsOfCourses(db, paths);
      return paths.map((path) => owners.get(path) ?? []);
    }),
    /** By course path: whether the course is public (who may enter its classrooms), one statement for a list. */
    publicCourse: new DataLoader<string, boolean>(async (paths) => {
      const open = await publicCoursesAmong(db, paths);
      return paths.map((path) => open.has(path));
    }),
    /** By module path: the live module with its page count and total time, or null. */
    moduleByPath,
    /**
     * By parent key (`parentKey`): every module linked to each course or section, in their order,
     * whoever asks (the resolver keeps what the caller may see). Two statements for any number.
     */
    parentModules: new DataLoader<string, ModuleSummary[]>(async (keys) => {
      const links = await itemsOfParents(db, keys.map(parentOfKey), 'module');
      const modules = await moduleByPath.loadMany([...new Set(links.map((link) => link.itemPath))]);
      const byPath = new Map(
        modules.flatMap((module) => (module && !(module instanceof Error) ? [[module.path, module]] : [])),
      );
      return groupBy(keys, links, parentKey).map((rows) =>
        rows.flatMap((link) => byPath.get(link.itemPath) ?? []),
      );
    }),
    /** By parent key: the files linked to each course or section, in link order (one statement). */
    parentFiles: new DataLoader<string, FileSummary[]>(async (keys) =>
      groupBy(keys, await filesOfParents(db, keys.map(parentOfKey)), parentKey).map((rows) =>
        rows.map((row) => row.file),
      ),
    ),
    moduleOwners,
    /**
     * By module path: whether the caller teaches the module through a course (`teachingCourses`:
     * two statements for any number of modules, none for a participant).
     */
    taught: new DataLoader<string, boolean>(async (paths) => {
      if (!actor || actor.roles.length === 0) return paths.map(() => false);
      const modules = (await moduleByPath.loadMany(paths)).flatMap((module) =>
        module && !(module instanceof Error) ? [module] : [],
      );
      const owners = new Map(
        (await moduleOwners.loadMany(modules.map((module) => module.moduleId))).map((profiles, index) => [
          modules[index]!.moduleId,
          profiles instanceof Error ? [] : profiles.map((owner) => owner._id),
        ]),
      );
      const taught = await teachingCourses(db, actor, modules, (module) => owners.get(module.moduleId) ?? []);
      return paths.map((path) => taught.has(path));
    }),
    /** By module path: the participants linked to each module. */
    moduleParticipants: new DataLoader<string, UserProfile[]>(async (paths) =>
      groupBy(paths, await usersLinkedTo(db, 'module', paths), (row) => row.itemPath).map((rows) =>
        rows.map((row) => row.user),
      ),
    ),
    /** By module path: its pages in order (one statement for any number of modules). */
    modulePages: new DataLoader<string, PageSummary[]>(async (paths) =>
      groupBy(paths, await pagesOfModules(db, paths), (page) => page.parentPath),
    ),
    /** By user id: their certificates, newest first (one statement for the users of a list). */
    userCertificates: new DataLoader<string, CertificateRecord[]>(async (ids) =>
      groupBy(ids, await certificatesOfUsers(db, ids), (record) => record.userId),
    ),
    /** By "<userId> <moduleId>": that person's answers in the module (one statement per person). */
    callerAnswers: new DataLoader<string, StoredAnswer[]>(async (keys) => {
      const byUser = new Map<string, string[]>();
      for (const key of keys) {
        const [userId = '', moduleId = ''] = key.split(' ');
        byUser.set(userId, [...(byUser.get(userId) ?? []), moduleId]);
      }
      const answers = new Map<string, StoredAnswer[]>();
      for (const [userId, moduleIds] of byUser) {
        for (const [moduleId, rows] of await answersOfModules(db, userId, moduleIds))
          answers.set(`${userId} ${moduleId}`, rows);
      }
      return keys.map((key) => answers.get(key) ?? []);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
