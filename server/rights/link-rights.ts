import { forbidden, notFound } from '../../events/errors';
import { type Actor, can, requireCan } from '../../events/permissions';
import { type ItemType, linkerOf, type Parent, parentsOf } from '../../projections/link/content-links';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath } from '../../projections/module/module-summaries';
import type { Db } from '../db/tables';
import { parentAccess } from '../file/queries';
import { linkerHadRight } from './module-rights';

/** A parent (course or section) with who may edit it: a section's owners are its course's owners. */
export interface LinkParent extends Parent {
  owners: string[];
}

/**
 * Whether the actor holds the right on a file: the edit right, or editing a course or section that
 * already lists it (files have no owners of their own; they belong to the parents that list them).
 * A file that a course open to everyone lists is public already, and may be listed elsewhere too.
 */
async function mayEditFile(
  db: Db,
  actor: Actor,
  filePath: string,
  ownersOf: (parent: Parent) => Promise<string[]>,
) {
  if (can(actor, 'edit')) return true;
  for (const parent of await parentsOf(db, 'file', filePath)) {
    if (can(actor, 'edit', { owners: await ownersOf(parent) })) return true;
    if ((await parentAccess(db, null, parent)) !== null) return true;
  }
  return false;
}

/**
 * Linking and unlinking need the right on both sides (docs: the role table): the right to edit the
 * parent, and on the item the edit right or its ownership. A published public module may be linked
 * by a parent's editor without it, and such a read-only link gives no teaching rights; a link that
 * gives none can be removed again by the parent's editors.
 */
export async function requireLinkRight(
  db: Db,
  actor: Actor | null,
  parent: LinkParent,
  item: { itemType: ItemType; itemPath: string },
  action: 'link' | 'unlink',
  ownersOf: (parent: Parent) => Promise<string[]>,
) {
  const editor = requireCan(actor, 'edit', { owners: parent.owners });
  if (item.itemType === 'file') {
    if (!(await mayEditFile(db, editor, item.itemPath, ownersOf))) throw forbidden('link.noRightOnItem');
    return;
  }
  const module = await findModuleByPath(db, item.itemPath);
  if (!module) throw notFound('module.notFound');
  const owners = await ownersOfModule(db, module.moduleId);
  if (can(editor, 'edit', { owners })) return;
  if (module.published && module.public) return;
  if (action === 'unlink') {
    const linker = await linkerOf(db, parent, 'module', module.path);
    if (linker !== undefined && !(await linkerHadRight(db, linker, owners))) return;
  }
  throw forbidden('link.noRightOnItem');
}
