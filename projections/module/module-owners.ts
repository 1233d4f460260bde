import type { Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** Who owns which module: answers "may this teacher edit it (and its pages)" and "whose modules are these". */
export interface ModuleOwnerTables {
  module_owners: { module_id: string; user_id: string };
}

const handles = ['ModuleOwnerAdded', 'ModuleOwnerRemoved', 'ModuleDeleted'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<ModuleOwnerTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'ModuleOwnerAdded': {
      const { moduleId, userId } = event.data;
      await trx
        .insertInto('module_owners')
        .values({ module_id: moduleId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'ModuleOwnerRemoved': {
      const { moduleId, userId } = event.data;
      await trx
        .deleteFrom('module_owners')
        .where('module_id', '=', moduleId)
        .where('user_id', '=', userId)
        .execute();
      return;
    }
    case 'ModuleDeleted':
      await trx.deleteFrom('module_owners').where('module_id', '=', event.data.moduleId).execute();
      return;
  }
}

export const moduleOwnersProjection: Projection<ModuleOwnerTables> = {
  name: 'module_owners',
  version: 1,
  tables: ['module_owners'],
  handles,
  apply,
};

export async function ownersOfModule(db: Db, moduleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('module_owners')
    .select('user_id')
    .where('module_id', '=', moduleId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function modulesOwnedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('module_owners')
    .select('module_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.module_id);
}

/** The owners of several modules in one statement, by module id (every id present, possibly empty). */
export async function ownersOfModules(db: Db, moduleIds: readonly string[]): Promise<Map<string, string[]>> {
  const owners = new Map<string, string[]>(moduleIds.map((id) => [id, []]));
  if (moduleIds.length === 0) return owners;
  const rows = await db
    .selectFrom('module_owners')
    .select(['module_id', 'user_id'])
    .where('module_id', 'in', [...moduleIds])
    .orderBy('user_id')
    .execute();
  for (const row of rows) owners.get(row.module_id)?.push(row.user_id);
  return owners;
}
