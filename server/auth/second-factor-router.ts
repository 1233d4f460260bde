import { z } from 'zod';
import { recentAuthSchema, totpCodeSchema, userIdSchema } from '../../events/user/commands';
import { successOutput } from '../outputs';
import { enrollingProcedure, metaOf, procedureFor, router } from '../trpc';
import { enrolmentOutput, secondFactorStatusOutput } from './outputs';
import {
  beginEnrolment,
  confirmEnrolment,
  removeSecondFactor,
  resetSecondFactor,
  secondFactorOfUser,
  secondFactorStatus,
} from './second-factor';

const byId = z.object({ _id: userIdSchema });

/**
 * The second factor of one's own account (the profile page), and an administrator's reset of
 * someone else's. Enrolling is open to an account that must enrol before anything else.
 */
export const secondFactorRouter = router({
  /** Whether a factor guards the account, recovery codes left, and whether the roles ask for one. */
  status: enrollingProcedure
    .output(secondFactorStatusOutput)
    .query(({ ctx }) => secondFactorStatus(ctx.platform, ctx.actor)),

  /** A new secret as a QR code and as text (after signing in again: `reauth` from /auth/reauth). */
  begin: enrollingProcedure
    .input(recentAuthSchema)
    .output(enrolmentOutput)
    .mutation(({ ctx, input }) => beginEnrolment(ctx.platform, ctx.actor, input.reauth)),

  /** The app's first code: the factor guards the account; answers the ten recovery codes, once. */
  confirm: enrollingProcedure
    .input(z.object({ code: totpCodeSchema }))
    .output(z.object({ recoveryCodes: z.array(z.string()) }))
    .mutation(({ ctx, input }) => confirmEnrolment(ctx.platform, ctx.actor, metaOf(ctx), input.code)),

  /** Removes one's own factor (after signing in again with it). */
  remove: enrollingProcedure
    .input(recentAuthSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await removeSecondFactor(ctx.platform, ctx.actor, metaOf(ctx), input.reauth);
      return { success: true };
    }),

  /** Whether another account has a factor (manage_users): the admin screen's reset button. */
  ofUser: procedureFor('manage_users')
    .input(byId)
    .output(z.object({ enrolled: z.boolean() }))
    .query(({ ctx, input }) => secondFactorOfUser(ctx.platform, ctx.actor, input._id)),

  /** Removes another person's factor (manage_users; an administrator's only by an administrator). */
  reset: procedureFor('manage_users')
    .input(byId)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await resetSecondFactor(ctx.platform, ctx.actor, metaOf(ctx), input._id);
      return { success: true };
    }),
});
