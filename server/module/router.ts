import { z } from 'zod';
import { notFound } from '../../events/errors';
import {
  createModuleSchema,
  moduleOwnerSchema,
  modulePathSchema,
  orderPagesSchema,
  updateModuleSchema,
} from '../../events/module/commands';
import { moduleDecider } from '../../events/module/decider';
import { moduleStream } from '../../events/module/events';
import { pathSchema } from '../../events/shared/fields';
import { readStream } from '../../events/store';
import { ownersOfModule } from '../../projections/module/module-owners';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { historyProcedures } from '../history-procedures';
import { namedItemOutput } from '../outputs';
import {
  type Context,
  inputMutation,
  metaOf,
  ownerOr,
  ownerProcedure,
  pathMutation,
  pathOutput,
  procedureFor,
  publicProcedure,
  router,
  signedInProcedure,
} from '../trpc';
import {
  addModuleOwner,
  createModule,
  deleteModule,
  duplicateModule,
  orderPages,
  publishModule,
  removeModuleOwner,
  translateModule,
  unpublishModule,
  updateModule,
} from './commands';
import { moduleAsOfOutput, moduleDetailOutput, moduleListItemOutput } from './outputs';
import { moduleList, moduleTranslations, visibleModule } from './queries';

const listInput = z
  .object({
    onAdmin: z.boolean().optional(),
    published: z.boolean().optional(),
    onHome: z.boolean().optional(),
    /** Only the modules used in this course (directly or in one of its sections), this section, or nowhere. */
    usedIn: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('course'), path: pathSchema }),
        z.object({ kind: z.literal('section'), path: pathSchema }),
        z.object({ kind: z.literal('none') }),
      ])
      .optional(),
  })
  .optional();

async function moduleEvents(ctx: Context, path: string) {
  const moduleId = await moduleIdByPath(ctx.platform.database.db, path);
  if (!moduleId) throw notFound('module.notFound');
  return readStream(ctx.platform.database.db, moduleStream(moduleId));
}

async function moduleOwnersByPath(ctx: Context, path: string) {
  const moduleId = await moduleIdByPath(ctx.platform.database.db, path);
  if (!moduleId) throw notFound('module.notFound');
  return ownersOfModule(ctx.platform.database.db, moduleId);
}

/** Who may change a module, or delete it: the role's right, or owning it. */
const moduleEditor = ownerProcedure({ owners: moduleOwnersByPath, may: ownerOr('edit') });
const moduleDeleter = ownerProcedure({ owners: moduleOwnersByPath, may: ownerOr('delete') });

export const moduleRouter = router({
  /**
   * Learners see published, public modules; editors see the admin list their rights allow, each with
   * where it is used. `usedIn` keeps the modules of a course, a section, or of none.
   */
  list: publicProcedure
    .input(listInput)
    .output(z.array(moduleListItemOutput))
    .query(({ ctx, input }) => moduleList(ctx.platform.database.db, ctx.actor, input)),

  /** One module with its owners (user ids) and its pages in order. */
  byPath: publicProcedure
    .input(modulePathSchema)
    .output(moduleDetailOutput)
    .query(({ ctx, input }) => visibleModule(ctx.platform.database.db, ctx.actor, input.path)),

  /** The module's translation group, itself included. */
  translations: publicProcedure
    .input(modulePathSchema)
    .output(z.array(namedItemOutput))
    .query(({ ctx, input }) => moduleTranslations(ctx.platform.database.db, ctx.actor, input.path)),

  ...historyProcedures({
    decider: moduleDecider,
    events: moduleEvents,
    owners: moduleOwnersByPath,
    shown: (state) => ({
      path: state.path,
      published: state.published,
      owners: state.owners,
      pages: state.pages,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
    shownOutput: moduleAsOfOutput,
  }),

  create: procedureFor('create')
    .input(createModuleSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await createModule(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  update: inputMutation(moduleEditor, updateModuleSchema, updateModule),
  publish: pathMutation(moduleEditor, modulePathSchema, publishModule),
  unpublish: pathMutation(moduleEditor, modulePathSchema, unpublishModule),
  delete: pathMutation(moduleDeleter, modulePathSchema, deleteModule),
  /** Answers the copy's path. */
  duplicate: signedInProcedure
    .input(modulePathSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await duplicateModule(ctx.platform, ctx.actor, metaOf(ctx), input.path),
    })),
  /** `path` is the original; `module` the translation's form. Answers the translation's path. */
  translate: signedInProcedure
    .input(updateModuleSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await translateModule(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  /** Saves the page order (the full list of the module's page paths). */
  orderPages: inputMutation(signedInProcedure, orderPagesSchema, orderPages),
  addOwner: inputMutation(procedureFor('assign_owners'), moduleOwnerSchema, addModuleOwner),
  removeOwner: inputMutation(procedureFor('assign_owners'), moduleOwnerSchema, removeModuleOwner),
});
