import { z } from 'zod';
import { pageSeenInputSchema, trackingInputSchema } from '../../events/tracking/commands';
import { userIdSchema } from '../../events/user/commands';
import { authenticatedProcedure, metaOf, router } from '../trpc';
import { recordPageSeen, updateLog } from './commands';
import { logOf } from './queries';

export const trackingRouter = router({
  /** The signed-in person saw an item; `recorded` is false when it changed nothing (a repeat view). */
  update: authenticatedProcedure.input(trackingInputSchema).mutation(async ({ ctx, input }) => {
    const { recorded } = await updateLog(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { success: true, recorded };
  }),
  /** A module page is in front of the signed-in person (refused as opening it is); for xAPI. */
  pageSeen: authenticatedProcedure.input(pageSeenInputSchema).mutation(async ({ ctx, input }) => {
    const { recorded } = await recordPageSeen(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { success: true, recorded };
  }),
  log: authenticatedProcedure
    .input(z.object({ user: userIdSchema }))
    .query(({ ctx, input }) => logOf(ctx.platform.database.db, ctx.actor, input.user)),
});
