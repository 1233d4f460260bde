import { z } from 'zod';
import { forbidden, notFound } from '../../events/errors';
import { can, noRules } from '../../events/permissions';
import { readStream } from '../../events/store';
import {
  createUserSchema,
  dataExportFormatSchema,
  itemTypeSchema,
  profileSchema,
  recentAuthSchema,
  userIdSchema,
} from '../../events/user/commands';
import { userStream } from '../../events/user/events';
import { findUserById } from '../../projections/user/users';
import { actorFor } from '../auth/actor';
import { eventHistory, readable } from '../history';
import { historyWithDataOutput, successOutput } from '../outputs';
import { metaOf, procedureFor, publicProcedure, router, signedInProcedure } from '../trpc';
import { createUser, deleteUser, linkUser, resendInvite, setRoles, updateProfile } from './commands';
import { exportUserData, myData } from './export-data';
import { dataExportOutput, meOutput, myDataOutput, userOutput, userWithRulesOutput } from './outputs';
import { userSearchSchema, visibleUser, visibleUsers } from './queries';

const byId = z.object({ _id: userIdSchema });

export const userRouter = router({
  /** The signed-in user with the rules the interface shows and hides actions by; null when signed out. */
  me: publicProcedure.output(meOutput).query(async ({ ctx }) => {
    // Who must enrol a second factor first is signed in, holds no rights yet, and is told so.
    const actor = ctx.actor ?? ctx.enrolling ?? null;
    if (!actor) return null;
    const user = await findUserById(ctx.platform.database.db, actor.userId);
    if (!user) return null;
    if (ctx.actor) return { ...user, rules: ctx.actor.rules, mustEnrolSecondFactor: false };
    return { ...user, roles: [], rules: noRules(), mustEnrolSecondFactor: true };
  }),

  updateProfile: signedInProcedure
    .input(profileSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await updateProfile(ctx.platform, ctx.actor, metaOf(ctx), ctx.actor.userId, input);
      return { success: true };
    }),

  /** Erases one's own account, after signing in again (`reauth` from /auth/reauth). */
  deleteMe: signedInProcedure
    .input(recentAuthSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteUser(ctx.platform, ctx.actor, metaOf(ctx), ctx.actor.userId, input.reauth);
      return { success: true };
    }),

  /** 'Download my data': the signed-in person's own export (no user id: only ever their own). */
  myData: signedInProcedure
    .input(z.object({ format: dataExportFormatSchema }))
    .output(myDataOutput)
    .query(({ ctx, input }) => myData(ctx.platform, ctx.actor, input.format, ctx.language, ctx.requestId)),

  /** A subject access request (manage_users): a person's export, recorded in their history. */
  exportData: procedureFor('manage_users')
    .input(byId.extend({ format: dataExportFormatSchema }))
    .output(dataExportOutput)
    .mutation(({ ctx, input }) =>
      exportUserData(ctx.platform, ctx.actor, metaOf(ctx), input._id, input.format),
    ),

  list: signedInProcedure
    .input(userSearchSchema)
    .output(z.array(userOutput))
    .query(({ ctx, input }) => visibleUsers(ctx.platform.database.db, ctx.actor, input)),

  byId: signedInProcedure
    .input(byId)
    .output(userWithRulesOutput)
    .query(async ({ ctx, input }) => {
      const user = await visibleUser(ctx.platform.database.db, ctx.actor, input._id);
      const actor = await actorFor(ctx.platform, input._id);
      return { ...user, rules: actor?.rules ?? null };
    }),

  history: signedInProcedure
    .input(byId)
    .output(z.array(historyWithDataOutput))
    .query(async ({ ctx, input }) => {
      if (ctx.actor.userId !== input._id && !can(ctx.actor, 'manage_users')) throw forbidden();
      const events = await readStream(ctx.platform.database.db, userStream(input._id));
      if (events.length === 0) throw notFound('user.notFound');
      return readable(
        ctx.platform.database.db,
        ctx.actor,
        eventHistory(events).map((entry, index) => ({
          ...entry,
          data: events[index]!.data as Record<string, unknown>,
        })),
      );
    }),

  create: procedureFor('manage_users')
    .input(createUserSchema)
    .output(z.object({ _id: z.string() }))
    .mutation(async ({ ctx, input }) => ({
      _id: await createUser(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),

  setRoles: procedureFor('manage_users')
    .input(byId.extend({ roles: z.array(z.string().min(1).max(60)).max(50) }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await setRoles(ctx.platform, ctx.actor, metaOf(ctx), input._id, input.roles);
      return { success: true };
    }),

  update: procedureFor('manage_users')
    .input(byId.extend({ doc: profileSchema }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await updateProfile(ctx.platform, ctx.actor, metaOf(ctx), input._id, input.doc);
      return { success: true };
    }),

  link: signedInProcedure
    .input(
      byId.extend({ itemType: itemTypeSchema, itemPath: z.string().min(1).max(200), linked: z.boolean() }),
    )
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await linkUser(ctx.platform, ctx.actor, metaOf(ctx), { userId: input._id, ...input });
      return { success: true };
    }),

  delete: procedureFor('manage_users')
    .input(byId)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteUser(ctx.platform, ctx.actor, metaOf(ctx), input._id);
      return { success: true };
    }),

  resendInvite: procedureFor('manage_users')
    .input(byId)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await resendInvite(ctx.platform, ctx.actor, input._id);
      return { success: true };
    }),
});
