import { z } from 'zod';
import { forbidden, notFound } from '../../events/errors';
import { can, noRules } from '../../events/permissions';
import { readStream } from '../../events/store';
import {
  createUserSchema,
  dataExportFormatSchema,
  groupSchema,
  itemTypeSchema,
  profileSchema,
  recentAuthSchema,
  userIdSchema,
} from '../../events/user/commands';
import { userStream } from '../../events/user/events';
import { importUsersSchema } from '../../events/user/import';
import { findUserById } from '../../projections/user/users';
import { actorFor } from '../auth/actor';
import { readableWithData } from '../history';
import { historyWithDataOutput } from '../outputs';
import { metaOf, procedureFor, publicProcedure, router, signedInProcedure, successMutation } from '../trpc';
import {
  createUser,
  deleteUser,
  linkUser,
  linkUsers,
  resendInvite,
  setGroups,
  setRoles,
  updateProfile,
} from './commands';
import { exportUserData, myData } from './export-data';
import { applyImport, previewImport } from './import-users';
import {
  dataExportOutput,
  importPlanOutput,
  meOutput,
  myDataOutput,
  userOutput,
  userWithRulesOutput,
} from './outputs';
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

  updateProfile: successMutation(signedInProcedure, profileSchema, (platform, actor, meta, input) =>
    updateProfile(platform, actor, meta, actor.userId, input),
  ),

  /** Erases one's own account, after signing in again (`reauth` from /auth/reauth). */
  deleteMe: successMutation(signedInProcedure, recentAuthSchema, (platform, actor, meta, input) =>
    deleteUser(platform, actor, meta, actor.userId, input.reauth),
  ),

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
      return readableWithData(ctx.platform.database.db, ctx.actor, events);
    }),

  create: procedureFor('manage_users')
    .input(createUserSchema)
    .output(z.object({ _id: z.string() }))
    .mutation(async ({ ctx, input }) => ({
      _id: await createUser(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),

  setRoles: successMutation(
    procedureFor('manage_users'),
    byId.extend({ roles: z.array(z.string().min(1).max(60)).max(50) }),
    (platform, actor, meta, input) => setRoles(platform, actor, meta, input._id, input.roles),
  ),

  update: successMutation(
    procedureFor('manage_users'),
    byId.extend({ doc: profileSchema }),
    (platform, actor, meta, input) => updateProfile(platform, actor, meta, input._id, input.doc),
  ),

  link: successMutation(
    signedInProcedure,
    byId.extend({ itemType: itemTypeSchema, itemPath: z.string().min(1).max(200), linked: z.boolean() }),
    (platform, actor, meta, input) => linkUser(platform, actor, meta, { userId: input._id, ...input }),
  ),

  /** Links or unlinks several people to one course or module: all refused without the right. */
  linkMany: successMutation(
    signedInProcedure,
    z.object({
      userIds: z.array(userIdSchema).min(1).max(500),
      itemType: itemTypeSchema,
      itemPath: z.string().min(1).max(200),
      linked: z.boolean(),
    }),
    (platform, actor, meta, input) => linkUsers(platform, actor, meta, input),
  ),

  /** Sets the group of several participants within a course; empty takes it away. */
  setGroup: successMutation(
    signedInProcedure,
    z.object({
      userIds: z.array(userIdSchema).min(1).max(500),
      coursePath: z.string().min(1).max(200),
      group: groupSchema,
    }),
    (platform, actor, meta, input) => setGroups(platform, actor, meta, input),
  ),

  delete: successMutation(procedureFor('manage_users'), byId, (platform, actor, meta, input) =>
    deleteUser(platform, actor, meta, input._id),
  ),

  /** What importing a CSV file or a spreadsheet paste would do, row by row; nothing is written. */
  previewImport: procedureFor('manage_users')
    .input(importUsersSchema)
    .output(importPlanOutput)
    .mutation(({ ctx, input }) => previewImport(ctx.platform, ctx.actor, input.text)),

  /** Imports it: each accepted row whole (account, links, invitation), refused rows not at all. */
  import: procedureFor('manage_users')
    .input(importUsersSchema)
    .output(importPlanOutput)
    .mutation(({ ctx, input }) => applyImport(ctx.platform, ctx.actor, metaOf(ctx), input.text)),

  resendInvite: successMutation(procedureFor('manage_users'), byId, (platform, actor, _meta, input) =>
    resendInvite(platform, actor, input._id),
  ),
});
