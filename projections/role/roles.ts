import type { ColumnType, Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { RoleActions } from '../../events/role/events';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

export interface RolesTable {
  role_id: string;
  name: string;
  actions: ColumnType<RoleActions, string, string>;
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

export interface RoleTables {
  roles: RolesTable;
  users: { user_id: string; roles: ColumnType<string[], string, string> };
}

const handles = ['RoleCreated', 'RoleUpdated', 'RoleDeleted'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<RoleTables>, event: StoredOf<Handled>) {
  const at = event.meta.at;
  switch (event.type) {
    case 'RoleCreated': {
      const data = event.data;
      await trx
        .insertInto('roles')
        .values({
          role_id: data.roleId,
          name: data.name,
          actions: JSON.stringify(data.actions),
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('role_id').doNothing())
        .execute();
      return;
    }
    case 'RoleUpdated': {
      const data = event.data;
      await trx
        .updateTable('roles')
        .set({ name: data.name, actions: JSON.stringify(data.actions), updated_at: at })
        .where('role_id', '=', data.roleId)
        .execute();
      return;
    }
    case 'RoleDeleted':
      await trx.deleteFrom('roles').where('role_id', '=', event.data.roleId).execute();
      return;
  }
}

export const roleProjection: Projection<RoleTables> = {
  name: 'roles',
  version: 1,
  tables: ['roles'],
  handles,
  apply,
};

export interface RoleRecord {
  _id: string;
  name: string;
  actions: RoleActions;
}

const toRecord = (row: { role_id: string; name: string; actions: RoleActions }): RoleRecord => ({
  _id: row.role_id,
  name: row.name,
  actions: row.actions,
});

export async function listRoles(db: Db): Promise<RoleRecord[]> {
  const rows = await db.selectFrom('roles').select(['role_id', 'name', 'actions']).orderBy('name').execute();
  return rows.map(toRecord);
}

export async function findRoleByName(db: Db, name: string): Promise<RoleRecord | null> {
  const row = await db
    .selectFrom('roles')
    .select(['role_id', 'name', 'actions'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}
