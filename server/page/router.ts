import { z } from 'zod';
import { notFound } from '../../events/errors';
import { modulePathSchema } from '../../events/module/commands';
import { createPageSchema, pagePathSchema, updatePageSchema } from '../../events/page/commands';
import { pageDecider } from '../../events/page/decider';
import { pageStream } from '../../events/page/events';
import { readStream } from '../../events/store';
import { ownersOfModule } from '../../projections/module/module-owners';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { findPageByPath } from '../../projections/page/page-summaries';
import { historyProcedures } from '../history-procedures';
import {
  type Context,
  inputMutation,
  metaOf,
  pathMutation,
  pathOutput,
  publicProcedure,
  router,
  signedInProcedure,
} from '../trpc';
import { createPage, deletePage, duplicatePage, updatePage } from './commands';
import { editablePageOutput, pageAsOfOutput, pageOutput, pageSummaryOutput } from './outputs';
import { editablePage, visiblePage, visiblePagesOfModule } from './queries';

async function pageEvents(ctx: Context, path: string) {
  const page = await findPageByPath(ctx.platform.database.db, path);
  if (!page) throw notFound('page.notFound');
  return readStream(ctx.platform.database.db, pageStream(page.pageId));
}

/** A page belongs to its module: the module's owners are the page's. */
async function pageOwnersByPath(ctx: Context, path: string) {
  const db = ctx.platform.database.db;
  const page = await findPageByPath(db, path);
  if (!page) throw notFound('page.notFound');
  const moduleId = await moduleIdByPath(db, page.parentPath);
  return moduleId ? ownersOfModule(db, moduleId) : [];
}

export const pageRouter = router({
  /** A module's pages in order (`path` is the module's), if the actor may see the module. */
  listByModule: publicProcedure
    .input(modulePathSchema)
    .output(z.array(pageSummaryOutput))
    .query(({ ctx, input }) => visiblePagesOfModule(ctx.platform.database.db, ctx.actor, input.path)),
  byPath: publicProcedure
    .input(pagePathSchema)
    .output(pageOutput)
    .query(({ ctx, input }) => visiblePage(ctx.platform.database.db, ctx.actor, input.path)),
  /** The page with its answer key, for the admin editor (module editors only). */
  editable: publicProcedure
    .input(pagePathSchema)
    .output(editablePageOutput)
    .query(({ ctx, input }) => editablePage(ctx.platform.database.db, ctx.actor, input.path)),
  ...historyProcedures({
    decider: pageDecider,
    events: pageEvents,
    owners: pageOwnersByPath,
    shown: (state) => ({
      path: state.path,
      parentPath: state.parentPath,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
    shownOutput: pageAsOfOutput,
  }),
  create: signedInProcedure
    .input(createPageSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await createPage(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  update: inputMutation(signedInProcedure, updatePageSchema, updatePage),
  delete: pathMutation(signedInProcedure, pagePathSchema, deletePage),
  /** Answers the copy's path. */
  duplicate: signedInProcedure
    .input(pagePathSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await duplicatePage(ctx.platform, ctx.actor, metaOf(ctx), input.path),
    })),
});
