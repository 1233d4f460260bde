import { z } from 'zod';
import { modulePathSchema } from '../../events/module/commands';
import { createPageSchema, pagePathSchema, updatePageSchema } from '../../events/page/commands';
import { pageDecider } from '../../events/page/decider';
import { pageStream } from '../../events/page/events';
import { ownersOfModule } from '../../projections/module/module-owners';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { findPageByPath } from '../../projections/page/page-summaries';
import { contentProcedures, parentOwners } from '../content/procedures';
import { inputMutation, pathMutation, publicProcedure, router, signedInProcedure } from '../trpc';
import { createPage, deletePage, duplicatePage, updatePage } from './commands';
import {
  discardPageDraft,
  moduleDraftPages,
  pageDraftState,
  publishPageChanges,
  savePageDraft,
} from './drafts';
import {
  editablePageOutput,
  pageAsOfOutput,
  pageDraftStateOutput,
  pageOutput,
  pageSummaryOutput,
} from './outputs';
import { editablePage, visiblePage, visiblePagesOfModule } from './queries';

/** A page belongs to its module: the module's owners are the page's. */
const pageProcedures = contentProcedures({
  path: pagePathSchema,
  notFound: 'page.notFound',
  find: findPageByPath,
  stream: (page) => pageStream(page.pageId),
  owners: parentOwners(moduleIdByPath, ownersOfModule),
  rights: { create: signedInProcedure, change: 'handler' },
  read: { output: pageOutput, query: visiblePage },
  history: {
    decider: pageDecider,
    shown: (state) => ({
      path: state.path,
      parentPath: state.parentPath,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
    output: pageAsOfOutput,
  },
  create: { input: createPageSchema, command: createPage },
  update: { input: updatePageSchema, command: updatePage },
  delete: deletePage,
  duplicate: duplicatePage,
});

export const pageRouter = router({
  /** A module's pages in order (`path` is the module's), if the actor may see the module. */
  listByModule: publicProcedure
    .input(modulePathSchema)
    .output(z.array(pageSummaryOutput))
    .query(({ ctx, input }) => visiblePagesOfModule(ctx.platform.database.db, ctx.actor, input.path)),
  /** The page with its answer key, for the admin editor (module editors only). */
  editable: publicProcedure
    .input(pagePathSchema)
    .output(editablePageOutput)
    .query(({ ctx, input }) => editablePage(ctx.platform.database.db, ctx.actor, input.path)),
  /** Whether learners see the page, and its author's draft (answer key included): the page's editors only. */
  draft: signedInProcedure
    .input(pagePathSchema)
    .output(pageDraftStateOutput)
    .query(({ ctx, input }) => pageDraftState(ctx.platform.database.db, ctx.actor, input.path)),
  /** The module's pages (`path` is the module's) that have a draft: for who may edit them. */
  draftsOfModule: signedInProcedure
    .input(modulePathSchema)
    .output(z.array(z.string()))
    .query(({ ctx, input }) => moduleDraftPages(ctx.platform.database.db, ctx.actor, input.path)),
  /** Keeps the page form as a draft beside the live page (docs/adr/0019-drafts-of-live-content.md). */
  saveDraft: inputMutation(signedInProcedure, updatePageSchema, savePageDraft),
  /** The draft becomes what learners see. */
  publishChanges: pathMutation(signedInProcedure, pagePathSchema, publishPageChanges),
  discardDraft: pathMutation(signedInProcedure, pagePathSchema, discardPageDraft),
  ...pageProcedures,
});
