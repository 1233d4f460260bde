import { requireCan } from '../../events/permissions';
import { roleInputSchema, roleNameSchema } from '../../events/role/commands';
import type { RoleActions } from '../../events/role/events';
import { findRoleByName, type RoleRecord } from '../../projections/role/roles';
import { createRole, deleteRole, roleChangeSchema, updateRole } from '../role/commands';
import { visibleRole, visibleRoles } from '../role/queries';
import { builder } from './builder';
import { metaOf } from './context';
import { documentArg, type MutationAnswer, signedIn } from './errors';
import { RoleInput as RoleInputType, RoleUpdateInput } from './inputs';
import {
  docDescription,
  MutationResponse,
  MutationResult,
  typedDescription,
  typedDescriptionBeside,
} from './shared';

const RoleActionsType = builder.objectRef<RoleActions>('RoleActions').implement({
  fields: (t) => ({
    view: t.exposeBoolean('view'),
    create: t.exposeBoolean('create'),
    edit: t.exposeBoolean('edit'),
    delete: t.exposeBoolean('delete'),
    assign_participants: t.exposeBoolean('assign_participants'),
    assign_owners: t.exposeBoolean('assign_owners'),
    manage_roles: t.exposeBoolean('manage_roles'),
    manage_users: t.exposeBoolean('manage_users'),
  }),
});

const RoleType = builder.objectRef<RoleRecord>('Role').implement({
  description: "A role and the actions it allows. The built-in 'admin' has every right and is not listed.",
  fields: (t) => ({
    _id: t.exposeID('_id'),
    name: t.exposeString('name'),
    actions: t.field({ type: RoleActionsType, resolve: (role) => role.actions }),
  }),
});

const RoleMutationResult = builder
  .objectRef<MutationAnswer & { role?: RoleRecord | null }>('RoleMutationResult')
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      role: t.field({ type: RoleType, nullable: true, resolve: (result) => result.role ?? null }),
    }),
  });

builder.queryFields((t) => ({
  roles: t.field({
    type: [RoleType],
    nullable: true,
    description: 'Every role (manage_roles or manage_users).',
    resolve: async (_root, _args, ctx) => visibleRoles(ctx.platform.database.db, signedIn(ctx)),
  }),
  role: t.field({
    type: RoleType,
    nullable: true,
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) =>
      visibleRole(ctx.platform.database.db, signedIn(ctx), roleNameSchema.parse(args).name),
  }),
}));

/** Like tRPC's procedureFor('manage_roles'): the right is checked before the input. */
const roleManager = (ctx: Parameters<typeof signedIn>[0]) => requireCan(signedIn(ctx), 'manage_roles');

builder.mutationFields((t) => ({
  createRole: t.field({
    type: RoleMutationResult,
    description:
      'Creates a role from `role` (or the typed `input`): `{ name, actions: { view, create, … } }` (manage_roles).',
    args: {
      role: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: RoleInputType, description: typedDescriptionBeside('role') }),
    },
    success: 'roleCreated',
    resolve: async (_root, args, ctx) => {
      const actor = roleManager(ctx);
      const input = roleInputSchema.parse(documentArg(args, 'role'));
      await createRole(ctx.platform, actor, metaOf(ctx), input);
      return { role: await findRoleByName(ctx.platform.database.db, input.name) };
    },
  }),
  updateRole: t.field({
    type: RoleMutationResult,
    description:
      'Changes the actions `doc.actions` (or the typed `input.actions`) names (manage_roles); a role keeps its name.',
    args: {
      name: t.arg.string({ required: true }),
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: RoleUpdateInput, description: typedDescription }),
    },
    success: 'roleUpdated',
    resolve: async (_root, args, ctx) => {
      const actor = roleManager(ctx);
      const { name } = roleNameSchema.parse(args);
      const change = roleChangeSchema.parse(documentArg(args));
      await updateRole(ctx.platform, actor, metaOf(ctx), name, change);
      return { role: await findRoleByName(ctx.platform.database.db, name) };
    },
  }),
  deleteByName: t.field({
    type: MutationResult,
    description: 'Deletes a role (manage_roles).',
    args: { name: t.arg.string({ required: true }) },
    success: 'roleDeleted',
    resolve: async (_root, args, ctx) => {
      const actor = roleManager(ctx);
      await deleteRole(ctx.platform, actor, metaOf(ctx), roleNameSchema.parse(args).name);
      return {};
    },
  }),
}));
