import { z } from 'zod';
import { notFound } from '../../events/errors';
import { duplicateRoleSchema, roleInputSchema, roleNameSchema } from '../../events/role/commands';
import { roleStream } from '../../events/role/events';
import { readStream } from '../../events/store';
import { findRoleByName } from '../../projections/role/roles';
import { readableWithData } from '../history';
import { historyWithDataOutput } from '../outputs';
import { metaOf, procedureFor, router, signedInProcedure, successMutation } from '../trpc';
import { createRole, deleteRole, duplicateRole, updateRole } from './commands';
import { roleNameOutput, roleOutput } from './outputs';
import { visibleRole, visibleRoles } from './queries';

export const roleRouter = router({
  list: signedInProcedure
    .output(z.array(roleOutput))
    .query(({ ctx }) => visibleRoles(ctx.platform.database.db, ctx.actor)),
  byName: signedInProcedure
    .input(roleNameSchema)
    .output(roleOutput)
    .query(({ ctx, input }) => visibleRole(ctx.platform.database.db, ctx.actor, input.name)),
  history: procedureFor('manage_roles')
    .input(roleNameSchema)
    .output(z.array(historyWithDataOutput))
    .query(async ({ ctx, input }) => {
      const role = await findRoleByName(ctx.platform.database.db, input.name);
      if (!role) throw notFound('role.notFound');
      const events = await readStream(ctx.platform.database.db, roleStream(role._id));
      return readableWithData(ctx.platform.database.db, ctx.actor, events);
    }),
  create: procedureFor('manage_roles')
    .input(roleInputSchema)
    .output(roleNameOutput)
    .mutation(({ ctx, input }) => createRole(ctx.platform, ctx.actor, metaOf(ctx), input)),
  /** A copy of a role with the same actions under a new name (the built-in admin role included). */
  duplicate: procedureFor('manage_roles')
    .input(duplicateRoleSchema)
    .output(roleNameOutput)
    .mutation(({ ctx, input }) => duplicateRole(ctx.platform, ctx.actor, metaOf(ctx), input)),
  update: successMutation(
    procedureFor('manage_roles'),
    roleNameSchema.extend({ doc: roleInputSchema }),
    (platform, actor, meta, input) => updateRole(platform, actor, meta, input.name, input.doc),
  ),
  delete: successMutation(procedureFor('manage_roles'), roleNameSchema, (platform, actor, meta, input) =>
    deleteRole(platform, actor, meta, input.name),
  ),
});
