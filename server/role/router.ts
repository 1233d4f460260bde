import { z } from 'zod';
import { notFound } from '../../events/errors';
import { duplicateRoleSchema, roleInputSchema, roleNameSchema } from '../../events/role/commands';
import { roleStream } from '../../events/role/events';
import { readStream } from '../../events/store';
import { findRoleByName } from '../../projections/role/roles';
import { eventHistory, readable } from '../history';
import { historyWithDataOutput, successOutput } from '../outputs';
import { metaOf, procedureFor, router, signedInProcedure } from '../trpc';
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
      return readable(
        ctx.platform.database.db,
        ctx.actor,
        eventHistory(events).map((entry, index) => ({
          ...entry,
          data: events[index]!.data as Record<string, unknown>,
        })),
      );
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
  update: procedureFor('manage_roles')
    .input(roleNameSchema.extend({ doc: roleInputSchema }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await updateRole(ctx.platform, ctx.actor, metaOf(ctx), input.name, input.doc);
      return { success: true };
    }),
  delete: procedureFor('manage_roles')
    .input(roleNameSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteRole(ctx.platform, ctx.actor, metaOf(ctx), input.name);
      return { success: true };
    }),
});
