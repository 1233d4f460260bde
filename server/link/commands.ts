import { type CommandMeta, execute, type Run } from '../../events/command';
import type { CourseLinkCommand } from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import { courseStream } from '../../events/course/events';
import { invalid, notFound } from '../../events/errors';
import { type Actor, requireCan } from '../../events/permissions';
import { sectionDecider } from '../../events/section/decider';
import { sectionStream } from '../../events/section/events';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { courseIdByPath } from '../../projections/course/course-summaries';
import { fileIdByPath } from '../../projections/file/file-summaries';
import {
  type ItemType,
  linkedPaths,
  type Parent,
  type ParentType,
} from '../../projections/link/content-links';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { findSectionByPath } from '../../projections/section/section-summaries';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';
import { requireLinkRight } from '../rights/link-rights';

export interface LinkInput extends Parent {
  itemType: ItemType;
  itemPath: string;
}

/** A course or section with who may edit it: a section's owners are its course's owners. */
export interface ParentTarget extends Parent {
  id: string;
  owners: string[];
}

export async function parentTarget(
  db: Db,
  parentType: ParentType,
  parentPath: string,
): Promise<ParentTarget> {
  if (parentType === 'course') {
    const courseId = await courseIdByPath(db, parentPath);
    if (!courseId) throw notFound('course.notFound');
    return { parentType, parentPath, id: courseId, owners: await ownersOfCourse(db, courseId) };
  }
  const section = await findSectionByPath(db, parentPath);
  if (!section) throw notFound('section.notFound');
  const courseId = await courseIdByPath(db, section.parentPath);
  return {
    parentType,
    parentPath,
    id: section.sectionId,
    owners: courseId ? await ownersOfCourse(db, courseId) : [],
  };
}

/** Who may edit a parent, looked up by its path (what the link rule asks of a file's other parents). */
export const ownersOfParent =
  (db: Db) =>
  async (parent: Parent): Promise<string[]> =>
    (await parentTarget(db, parent.parentType, parent.parentPath)).owners;

/** The id of a linkable item, or NotFound. */
async function itemId(db: Db, itemType: ItemType, itemPath: string): Promise<string> {
  const id = itemType === 'module' ? await moduleIdByPath(db, itemPath) : await fileIdByPath(db, itemPath);
  if (!id) throw notFound(itemType === 'module' ? 'module.notFound' : 'file.notFound');
  return id;
}

/**
 * Runs a link command on the parent's stream (course and section deciders share the link commands);
 * `run` puts it in a transaction that appends to another stream too.
 */
export async function onParent(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  parent: ParentTarget,
  command: CourseLinkCommand,
  run: Run = (execution) => execute(platform.pipeline, execution),
) {
  const authorize = () => requireCan(actor, 'edit', { owners: parent.owners });
  if (parent.parentType === 'course') {
    return run({
      decider: courseDecider,
      stream: courseStream(parent.id),
      meta,
      authorize,
      command: () => command,
    });
  }
  return run({
    decider: sectionDecider,
    stream: sectionStream(parent.id),
    meta,
    authorize,
    command: () => command,
  });
}

function linkCommand(
  action: 'link' | 'unlink',
  itemType: ItemType,
  id: string,
  path: string,
): CourseLinkCommand {
  if (itemType === 'module') {
    return {
      type: action === 'link' ? 'LinkModule' : 'UnlinkModule',
      data: { moduleId: id, modulePath: path },
    };
  }
  return { type: action === 'link' ? 'LinkFile' : 'UnlinkFile', data: { fileId: id, filePath: path } };
}

/** Links or unlinks a module or file on a course or section (idempotent): the link rule decides who may. */
const changeLink =
  (action: 'link' | 'unlink') =>
  async (platform: Platform, actor: Actor | null, meta: CommandMeta, input: LinkInput) => {
    const db = platform.database.db;
    const parent = await parentTarget(db, input.parentType, input.parentPath);
    await requireLinkRight(db, actor, parent, input, action, ownersOfParent(db));
    const id = await itemId(db, input.itemType, input.itemPath);
    await onParent(platform, actor, meta, parent, linkCommand(action, input.itemType, id, input.itemPath));
  };

/** Links a module or file to a course or section (idempotent); edit right on the parent, or owning it. */
export const addItemToParent = changeLink('link');

/** Unlinks a module or file from a course or section (idempotent). */
export const removeItemFromParent = changeLink('unlink');

/** Saves the order of a parent's modules: exactly the linked module paths, in the new order. */
export async function orderModules(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: Parent & { modules: string[] },
) {
  const db = platform.database.db;
  const parent = await parentTarget(db, input.parentType, input.parentPath);
  requireCan(actor, 'edit', { owners: parent.owners });
  const current = await linkedPaths(db, parent, 'module');
  const same =
    current.length === input.modules.length &&
    new Set(input.modules).size === input.modules.length &&
    current.every((path) => input.modules.includes(path));
  if (!same) throw invalid('link.orderMismatch', [{ path: 'modules', key: 'link.orderMismatch' }]);
  await onParent(platform, actor, meta, parent, { type: 'OrderModules', data: { modules: input.modules } });
}
