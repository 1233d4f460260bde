import type { ColumnType, Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { ModuleDetails } from '../../events/module/events';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/**
 * One row per published module whose settings its editors changed without publishing them yet
 * (docs/adr/0019-drafts-of-live-content.md). Learners never read it; the live settings stay in
 * module_summaries.
 */
export interface ModuleDraftsTable {
  module_id: string;
  path: string;
  details: ColumnType<ModuleDetails, string, string>;
  saved_at: ColumnType<Date, string, string>;
  saved_by: string | null;
}

export interface ModuleDraftTables {
  module_drafts: ModuleDraftsTable;
}

const handles = [
  'ModuleDraftSaved',
  'ModuleDraftDiscarded',
  'ModuleChangesPublished',
  'ModuleDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<ModuleDraftTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'ModuleDraftSaved': {
      const { moduleId, path, ...details } = event.data;
      const row = {
        path,
        details: JSON.stringify(details),
        saved_at: event.meta.at,
        saved_by: event.meta.actorId,
      };
      await trx
        .insertInto('module_drafts')
        .values({ module_id: moduleId, ...row })
        .onConflict((oc) => oc.column('module_id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'ModuleDraftDiscarded':
    case 'ModuleChangesPublished':
    case 'ModuleDeleted':
      await trx.deleteFrom('module_drafts').where('module_id', '=', event.data.moduleId).execute();
      return;
  }
}

export const moduleDrafts: Projection<ModuleDraftTables, Handled> = {
  name: 'module_drafts',
  // 2: the details hold checkReveals (the upcasted events write it on rebuild).
  version: 2,
  tables: ['module_drafts'],
  handles,
  apply,
};

export interface ModuleDraft {
  details: ModuleDetails;
  savedAt: string;
  savedBy: string | null;
}

/** The unpublished settings of a module, if its editors keep any. */
export async function draftOfModule(db: Db, moduleId: string): Promise<ModuleDraft | null> {
  const row = await db
    .selectFrom('module_drafts')
    .selectAll()
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (!row) return null;
  // A draft written before checkReveals existed reads as what checks did then, until the rebuild.
  const stored: Partial<Pick<ModuleDetails, 'checkReveals'>> = row.details;
  return {
    details: { ...row.details, checkReveals: stored.checkReveals ?? 'nothing' },
    savedAt: new Date(row.saved_at).toISOString(),
    savedBy: row.saved_by,
  };
}
