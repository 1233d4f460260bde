import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { CommandMeta } from '../../events/command';
import { execute } from '../../events/command';
import { conflict, invalid, notFound } from '../../events/errors';
import { requireRoleChange } from '../../events/escalation';
import { type Actor, allRules, noRules, requireCan, roleActions } from '../../events/permissions';
import {
  ADMIN_ROLE_NAME,
  type DuplicateRoleInput,
  type RoleCommand,
  type RoleInput,
  roleInputSchema,
} from '../../events/role/commands';
import { type RoleState, roleDecider } from '../../events/role/decider';
import { type RoleActions, roleStream } from '../../events/role/events';
import { findRoleByName } from '../../projections/role/roles';
import type { Database } from '../db';
import type { Platform } from '../platform';

async function existingRole(platform: Platform, name: string) {
  const role = await findRoleByName(platform.database.db, name);
  if (!role) throw notFound('role.notFound');
  return role;
}

export async function createRole(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: RoleInput,
) {
  const editor = requireCan(actor, 'manage_roles');
  const roleId = uuidv7();
  await execute(platform.pipeline, {
    decider: roleDecider,
    stream: roleStream(roleId),
    meta,
    // A name the editor holds would make the new role theirs at once (a role deleted and recreated).
    authorize: () => requireRoleChange(editor, { name: input.name, after: input.actions }),
    command: async (_state, trx: Transaction<Database>): Promise<RoleCommand> => {
      await sql`select pg_advisory_xact_lock(hashtext('role-names'))`.execute(trx);
      if (await findRoleByName(trx, input.name)) throw conflict('role.nameTaken');
      return { type: 'CreateRole', data: { roleId, name: input.name, actions: input.actions } };
    },
  });
  return { name: input.name };
}

/**
 * A new role with the actions of an existing one, under a free name (manage_roles
 * duplicates roles: docs/guide/users-and-roles.md). The copy is an ordinary role, editable and
 * deletable; its RoleCreated names its origin. The built-in 'admin' role may be copied too: the
 * copy starts with every action. A copy is a new role, so it follows creation's rule: a name the
 * editor does not hold, and only actions they have (copying a role one holds gives nothing new, so
 * the origin itself may be one's own).
 */
export async function duplicateRole(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: DuplicateRoleInput,
) {
  const editor = requireCan(actor, 'manage_roles');
  const roleId = uuidv7();
  await execute(platform.pipeline, {
    decider: roleDecider,
    stream: roleStream(roleId),
    meta,
    authorize: () => requireRoleChange(editor, { name: input.copyName }),
    command: async (_state, trx: Transaction<Database>): Promise<RoleCommand> => {
      await sql`select pg_advisory_xact_lock(hashtext('role-names'))`.execute(trx);
      const origin =
        input.name.toLowerCase() === ADMIN_ROLE_NAME
          ? { _id: null, name: ADMIN_ROLE_NAME, actions: allRules() }
          : await findRoleByName(trx, input.name);
      if (!origin) throw notFound('role.notFound');
      requireRoleChange(editor, { name: input.copyName, after: origin.actions });
      if (await findRoleByName(trx, input.copyName)) throw conflict('role.nameTaken');
      return {
        type: 'DuplicateRole',
        data: {
          roleId,
          name: input.copyName,
          actions: origin.actions,
          origin: { roleId: origin._id, name: origin.name },
        },
      };
    },
  });
  return { name: input.copyName };
}

/** A change of some of a role's actions (GraphQL's `updateRole`); those left out keep their value. */
const roleActionsChangeSchema = z.object(
  Object.fromEntries(roleActions.map((action) => [action, z.boolean().optional()])) as Record<
    keyof RoleActions,
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** GraphQL's `updateRole` document: the role's own name at most, and the actions to change. */
export const roleChangeSchema = z.object({
  name: roleInputSchema.shape.name.optional(),
  actions: roleActionsChangeSchema.default({}),
});

/**
 * Role names identify roles in users' role lists and in the API, so a role keeps its name (one that
 * is given must be the role's own). The actions given replace the stored ones, those left out stay,
 * merged with the role's stream inside the transaction; only the actions the change adds count as
 * given away.
 */
export async function updateRole(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  name: string,
  input: { name?: string; actions: Partial<RoleActions> },
) {
  const editor = requireCan(actor, 'manage_roles');
  const role = await existingRole(platform, name);
  if (input.name !== undefined && input.name !== role.name)
    throw invalid('role.renameNotAllowed', [{ path: 'name', key: 'role.renameNotAllowed' }]);
  const before = (state: RoleState): Partial<RoleActions> => (state.status === 'absent' ? {} : state.actions);
  const after = (state: RoleState) => ({ ...noRules(), ...before(state), ...input.actions });
  await execute(platform.pipeline, {
    decider: roleDecider,
    stream: roleStream(role._id),
    meta,
    authorize: (state) =>
      requireRoleChange(editor, { name: role.name, before: before(state), after: after(state) }),
    command: (state): RoleCommand => ({
      type: 'UpdateRole',
      data: { name: role.name, actions: after(state) },
    }),
  });
}

export async function deleteRole(platform: Platform, actor: Actor | null, meta: CommandMeta, name: string) {
  const editor = requireCan(actor, 'manage_roles');
  const role = await existingRole(platform, name);
  await execute(platform.pipeline, {
    decider: roleDecider,
    stream: roleStream(role._id),
    meta,
    authorize: () => requireRoleChange(editor, { name: role.name }),
    command: (): RoleCommand => ({ type: 'DeleteRole' }),
  });
}
