import { z } from 'zod';
import { moduleResultSchema, saveResultSchema } from '../../events/result/commands';
import { pathSchema } from '../../events/shared/fields';
import { authenticatedProcedure, metaOf, publicProcedure, router } from '../trpc';
import { saveResult } from './commands';
import { latestActivity, learnerModule, learnerPage } from './queries';

export const resultRouter = router({
  /** The module as the actor meets it: pages in their order, progress, gates and scores. */
  module: publicProcedure
    .input(moduleResultSchema)
    .query(({ ctx, input }) => learnerModule(ctx.platform.database.db, ctx.actor, input.module)),
  /** One page of it, with the state of each question; refused behind a closed gate. */
  page: publicProcedure
    .input(z.object({ module: pathSchema, page: pathSchema }))
    .query(({ ctx, input }) => learnerPage(ctx.platform.database.db, ctx.actor, input.module, input.page)),
  /** saveResult: answers of one page; answers the page's state, the module's and the scoring. */
  save: authenticatedProcedure
    .input(saveResultSchema)
    .mutation(({ ctx, input }) => saveResult(ctx.platform, ctx.actor, metaOf(ctx), input)),
  latestActivity: publicProcedure.query(({ ctx }) => latestActivity(ctx.platform.database.db, ctx.actor)),
});
