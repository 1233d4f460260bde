import { z } from 'zod';
import { pageSeenInputSchema, trackingInputSchema } from '../../events/tracking/commands';
import { userIdSchema } from '../../events/user/commands';
import { metaOf, router, signedInProcedure } from '../trpc';
import { recordPageSeen, updateLog } from './commands';
import { logOutput, recordedOutput } from './outputs';
import { logOf } from './queries';

export const trackingRouter = router({
  /** The signed-in person saw an item; `recorded` is false when it changed nothing (a repeat view). */
  update: signedInProcedure
    .input(trackingInputSchema)
    .output(recordedOutput)
    .mutation(async ({ ctx, input }) => {
      const { recorded } = await updateLog(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { success: true, recorded };
    }),
  /** A module page is in front of the signed-in person (refused as opening it is); for xAPI. */
  pageSeen: signedInProcedure
    .input(pageSeenInputSchema)
    .output(recordedOutput)
    .mutation(async ({ ctx, input }) => {
      const { recorded } = await recordPageSeen(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { success: true, recorded };
    }),
  log: signedInProcedure
    .input(z.object({ user: userIdSchema }))
    .output(logOutput)
    .query(({ ctx, input }) => logOf(ctx.platform.database.db, ctx.actor, input.user)),
});
