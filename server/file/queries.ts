import { forbidden, notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { type FileSummary, findFileByPath, listFiles } from '../../projections/file/file-summaries';
import {
  filesOfOwnedParents,
  filesOfParent,
  type Parent,
  parentsOf,
  unlinkedFiles,
} from '../../projections/link/content-links';
import { findSectionByPath } from '../../projections/section/section-summaries';
import { courseAccessWith, courseFactsFrom } from '../course/queries';
import type { Db } from '../db/tables';
import { sectionAccessWith } from '../section/queries';

export interface FileListInput {
  course?: string;
  section?: string;
  filterByParent?: boolean;
}

/**
 * How far this actor sees into a parent: null when they may not open it (the course and section
 * rules, server/course/queries.ts and server/section/queries.ts, or it is missing); 'manage' when
 * they manage its course (the view or edit right, or owning the course: they may open every
 * section); otherwise 'published'.
 */
export async function parentAccess(
  db: Db,
  actor: Actor | null,
  parent: Parent,
): Promise<'manage' | 'published' | null> {
  const sectionRow = parent.parentType === 'section' ? await findSectionByPath(db, parent.parentPath) : null;
  if (parent.parentType === 'section' && !sectionRow) return null;
  const course = await findCourseByPath(db, sectionRow ? sectionRow.parentPath : parent.parentPath);
  if (!course) return null;
  const facts = await courseFactsFrom(db, actor, [course]);
  const owners = await facts.owners(course);
  const linked = (userId: string) => facts.linked(userId, course.path);
  const access = sectionRow
    ? await sectionAccessWith(actor, sectionRow, course, owners, linked)
    : await courseAccessWith(actor, course, owners, linked);
  if (access !== 'open') return null;
  const manages =
    can(actor, 'view') || can(actor, 'edit') || (actor !== null && owners.includes(actor.userId));
  return manages ? 'manage' : 'published';
}

async function visibleParent(db: Db, actor: Actor | null, parent: Parent): Promise<void> {
  const access = await parentAccess(db, actor, parent);
  if (!access) throw notFound(parent.parentType === 'course' ? 'course.notFound' : 'section.notFound');
}

/**
 * The files this actor may list (tRPC `file.list`, GraphQL `files`): a course's or section's files in
 * link order; with `filterByParent` and no parent, the files linked to nothing; with neither, all
 * files for holders of the view right (other editors: the files of the courses they own).
 */
export async function visibleFiles(
  db: Db,
  actor: Actor | null,
  input: FileListInput = {},
): Promise<FileSummary[]> {
  const parent: Parent | null = input.course
    ? { parentType: 'course', parentPath: input.course }
    : input.section
      ? { parentType: 'section', parentPath: input.section }
      : null;
  if (parent) {
    await visibleParent(db, actor, parent);
    return filesOfParent(db, parent);
  }
  if (can(actor, 'view')) return input.filterByParent ? unlinkedFiles(db) : listFiles(db);
  if (actor && actor.roles.length > 0)
    return input.filterByParent ? [] : filesOfOwnedParents(db, actor.userId);
  throw forbidden();
}

/** One file by path: editors see any; learners those linked to a course or section they may see. */
export async function visibleFile(db: Db, actor: Actor | null, path: string): Promise<FileSummary> {
  const file = await findFileByPath(db, path);
  if (!file) throw notFound('file.notFound');
  if (can(actor, 'view') || can(actor, 'edit') || can(actor, 'delete')) return file;
  for (const parent of await parentsOf(db, 'file', path)) {
    if (await parentAccess(db, actor, parent)) return file;
  }
  throw notFound('file.notFound');
}
