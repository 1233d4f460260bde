import { z } from 'zod';
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
import { ownersOfModule } from '../../projections/module/module-owners';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { contentProcedures, newPathMutation } from '../content/procedures';
import { namedItemOutput } from '../outputs';
import {
  inputMutation,
  pathMutation,
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
import { discardModuleDraft, moduleDraftState, publishModuleChanges, saveModuleDraft } from './drafts';
import {
  moduleAsOfOutput,
  moduleDetailOutput,
  moduleDraftStateOutput,
  moduleListItemOutput,
} from './outputs';
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

/** Who owns a module may change it, delete it and read its history without the role's right. */
const moduleProcedures = contentProcedures({
  path: modulePathSchema,
  notFound: 'module.notFound',
  find: moduleIdByPath,
  stream: moduleStream,
  owners: ownersOfModule,
  rights: { create: procedureFor('create'), change: 'owners' },
  /** One module with its owners (user ids) and its pages in order. */
  read: { output: moduleDetailOutput, query: visibleModule },
  history: {
    decider: moduleDecider,
    shown: (state) => ({
      path: state.path,
      published: state.published,
      owners: state.owners,
      pages: state.pages,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
    output: moduleAsOfOutput,
  },
  create: { input: createModuleSchema, command: createModule },
  update: { input: updateModuleSchema, command: updateModule },
  delete: deleteModule,
  duplicate: duplicateModule,
  publishing: { publish: publishModule, unpublish: unpublishModule },
});

export const moduleRouter = router({
  /** Whether learners see the module, and its settings' draft: its editors only (docs/adr/0019-drafts-of-live-content.md). */
  draft: signedInProcedure
    .input(modulePathSchema)
    .output(moduleDraftStateOutput)
    .query(({ ctx, input }) => moduleDraftState(ctx.platform.database.db, ctx.actor, input.path)),
  /** Keeps the module form as a draft beside the live settings. */
  saveDraft: inputMutation(signedInProcedure, updateModuleSchema, saveModuleDraft),
  /** The draft becomes the settings learners see. */
  publishChanges: pathMutation(signedInProcedure, modulePathSchema, publishModuleChanges),
  discardDraft: pathMutation(signedInProcedure, modulePathSchema, discardModuleDraft),
  /**
   * Learners see published, public modules; editors see the admin list their rights allow, each with
   * where it is used. `usedIn` keeps the modules of a course, a section, or of none.
   */
  list: publicProcedure
    .input(listInput)
    .output(z.array(moduleListItemOutput))
    .query(({ ctx, input }) => moduleList(ctx.platform.database.db, ctx.actor, input)),

  /** The module's translation group, itself included. */
  translations: publicProcedure
    .input(modulePathSchema)
    .output(z.array(namedItemOutput))
    .query(({ ctx, input }) => moduleTranslations(ctx.platform.database.db, ctx.actor, input.path)),

  ...moduleProcedures,
  /** `path` is the original; `module` the translation's form. Answers the translation's path. */
  translate: newPathMutation(signedInProcedure, updateModuleSchema, translateModule),
  /** Saves the page order (the full list of the module's page paths). */
  orderPages: inputMutation(signedInProcedure, orderPagesSchema, orderPages),
  addOwner: inputMutation(procedureFor('assign_owners'), moduleOwnerSchema, addModuleOwner),
  removeOwner: inputMutation(procedureFor('assign_owners'), moduleOwnerSchema, removeModuleOwner),
});
