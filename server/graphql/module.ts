import { createModuleSchema, modulePathSchema } from '../../events/module/commands';
import { findModuleByPath, type ModuleSummary } from '../../projections/module/module-summaries';
import { canSeeParticipants } from '../course/queries';
import { visibleModuleSummariesOf } from '../link/queries';
import { createModule, deleteModule, updateModule } from '../module/commands';
import { keepVisibleModules, type ModuleFacts, moduleList, visibleModule } from '../module/queries';
import { inSeenOrder, teamMemberFor } from '../user/queries';
import { builder } from './builder';
import { type GraphQLContext, metaOf } from './context';
import { documentArg, documentOf, type MutationAnswer, publishedSchema } from './errors';
import { ModuleInput, ModuleUpdateInput } from './inputs';
import { parentKey } from './loaders';
import { docDescription, ImageType, MutationResponse, MutationResult, typedDescription } from './shared';
import { UserType } from './user';

/**
 * A module (docs/guide/modules-and-pages.md). Its pages are added in page.ts (`Module.pages`), the
 * caller's progress and results in result.ts, its certificate fields in certificate.ts.
 */
export const ModuleType = builder.objectRef<ModuleSummary>('Module').implement({
  fields: (t) => ({
    _id: t.exposeID('moduleId', { description: 'What the originId of its translations names.' }),
    path: t.exposeString('path'),
    name: t.exposeString('name'),
    originId: t.exposeString('originId', {
      nullable: true,
      description: 'The id of the original module when this one is a translation.',
    }),
    info: t.exposeString('info'),
    language: t.exposeString('language'),
    published: t.exposeBoolean('published'),
    public: t.exposeBoolean('public'),
    onHome: t.exposeBoolean('onHome'),
    showCorrect: t.exposeBoolean('showCorrect'),
    checkReveals: t.exposeString('checkReveals', {
      description:
        "What a learner's check reveals while attempts remain. One of: nothing (an exam: a check reveals nothing until the end), verdict (right or wrong), feedback (right or wrong, with the feedback the author wrote for the chosen answer), answer (right or wrong, the feedback, and the correct answer). Modules made before the setting read nothing.",
    }),
    test: t.exposeBoolean('test'),
    anonymousPages: t.exposeBoolean('anonymousPages'),
    randomized: t.exposeStringList('randomized', { description: 'Any of pages, questions, answers.' }),
    gateProgress: t.exposeBoolean('gateProgress'),
    gateConfig: t.exposeStringList('gateConfig', { description: "May include 'all-correct'." }),
    image: t.field({ type: ImageType, nullable: true, resolve: (module) => module.image }),
    estimatedTime: t.exposeInt('estimatedTime', {
      description: "The sum of the pages' estimated times, in seconds.",
    }),
    pageCount: t.exposeInt('pageCount'),
    owners: t.field({
      type: [UserType],
      description: 'The teachers who own the module.',
      resolve: async (module, _args, ctx) =>
        inSeenOrder(ctx.actor, await ctx.loaders.moduleOwners.load(module.moduleId), teamMemberFor),
    }),
    users: t.field({
      type: [UserType],
      description:
        'Participants linked to the module, for who manages participants or users, holders of the view right and its owners; otherwise empty.',
      resolve: async (module, _args, ctx) => {
        const owners = await ctx.loaders.moduleOwners.load(module.moduleId);
        const ownerIds = owners.map((owner) => owner._id);
        if (!canSeeParticipants(ctx.actor, { showUserList: false }, ownerIds)) return [];
        return inSeenOrder(ctx.actor, await ctx.loaders.moduleParticipants.load(module.path));
      },
    }),
    // moduleCertificateConfig and certificate: see certificate.ts.
  }),
});

/** The module rule's look-ups through the request's loaders (a list costs the same statements for any length). */
const moduleFactsOf = (ctx: GraphQLContext): ModuleFacts => ({
  owners: async (module) =>
    ctx.actor ? (await ctx.loaders.moduleOwners.load(module.moduleId)).map((owner) => owner._id) : [],
  linked: async (userId, path) => (await ctx.loaders.links.load(userId)).modules.includes(path),
  teaches: (module) => ctx.loaders.taught.load(module.path),
});

/**
 * The modules of a course or section, batched per request (Course.modules, Section.modules):
 * exactly those the caller may open (the module rule of server/module/queries.ts), so a module
 * listed here never answers 'does not exist'. `modules(course:, onAdmin: true)` gives editors all.
 */
export async function modulesOfParent(
  ctx: GraphQLContext,
  parent: { parentType: 'course' | 'section'; parentPath: string },
): Promise<ModuleSummary[]> {
  const modules = await ctx.loaders.parentModules.load(parentKey(parent));
  return keepVisibleModules(ctx.actor, modules, moduleFactsOf(ctx));
}

const ModuleMutationResult = builder
  .objectRef<MutationAnswer & { module?: ModuleSummary | null }>('ModuleMutationResult')
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      module: t.field({ type: ModuleType, nullable: true, resolve: (result) => result.module ?? null }),
    }),
  });

builder.queryFields((t) => ({
  modules: t.field({
    type: [ModuleType],
    description:
      'The modules the caller may open (the one visibility rule: none for anonymous callers, who must sign in to open a module). With course or section: the modules linked to it in order; with onAdmin, every one for who manages it. Otherwise the module list; with onAdmin, everything for holders of the view right and their own modules for other editors. filterByParent or noParents keeps the modules linked to no course or section; published and onHome filter.',
    args: {
      course: t.arg.string(),
      section: t.arg.string(),
      filterByParent: t.arg.boolean(),
      onAdmin: t.arg.boolean(),
      noParents: t.arg.boolean(),
      published: t.arg.boolean(),
      onHome: t.arg.boolean(),
    },
    resolve: async (_root, args, ctx) => {
      const db = ctx.platform.database.db;
      const published = args.published ?? undefined;
      const onHome = args.onHome ?? undefined;
      const parentPath = args.course ?? args.section;
      if (parentPath) {
        const modules = await visibleModuleSummariesOf(
          db,
          ctx.actor,
          { parentType: args.course ? 'course' : 'section', parentPath },
          { onAdmin: args.onAdmin ?? undefined, published, onHome },
        );
        // Read with their details already: the fields below find them without another statement.
        for (const module of modules) ctx.loaders.moduleByPath.prime(module.path, module);
        return modules;
      }
      // tRPC's module list; filterByParent and noParents are its modules used nowhere.
      return moduleList(db, ctx.actor, {
        onAdmin: args.onAdmin ?? undefined,
        published,
        onHome,
        usedIn: args.filterByParent || args.noParents ? { kind: 'none' } : undefined,
      });
    },
  }),
  module: t.field({
    type: ModuleType,
    nullable: true,
    description:
      'One module: published, public ones for everyone, published ones for linked participants, any for editors and its owners.',
    args: { path: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      visibleModule(ctx.platform.database.db, ctx.actor, modulePathSchema.parse(args).path),
  }),
}));

/** `doc` is the module form (moduleInputSchema) plus `published`, and `path` when creating. */
function splitModuleDoc(value: unknown) {
  const { path, published, ...details } = documentOf(value);
  return { path, published: publishedSchema.parse(published), details };
}

builder.mutationFields((t) => ({
  createModule: t.field({
    type: ModuleMutationResult,
    description:
      'Creates a module (create right; the creator owns it) from `doc` (or the typed `input`): the module form (name, language, info, test, gateProgress, …), optionally `path` and `published` (default true).',
    args: {
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: ModuleInput, description: typedDescription }),
    },
    success: 'moduleCreated',
    resolve: async (_root, args, ctx) => {
      const { path, published, details } = splitModuleDoc(documentArg(args));
      const input = createModuleSchema.parse({ path, published, module: details });
      const created = await createModule(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { module: await findModuleByPath(ctx.platform.database.db, created) };
    },
  }),
  updateModule: t.field({
    type: ModuleMutationResult,
    description:
      'Changes the fields `doc` (or the typed `input`) names (edit right or ownership); `published: true|false` publishes or unpublishes.',
    args: {
      path: t.arg.string({ required: true }),
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: ModuleUpdateInput, description: typedDescription }),
    },
    success: 'moduleUpdated',
    resolve: async (_root, args, ctx) => {
      const { path } = modulePathSchema.parse(args);
      const { published, details } = splitModuleDoc(documentArg(args));
      await updateModule(ctx.platform, ctx.actor, metaOf(ctx), { path, module: details, published });
      return { module: await findModuleByPath(ctx.platform.database.db, path) };
    },
  }),
  deleteModule: t.field({
    type: MutationResult,
    description:
      'Deletes a module (delete right or ownership) with its pages; it leaves every course and section it was linked to.',
    args: { path: t.arg.string({ required: true }) },
    success: 'moduleDeleted',
    resolve: async (_root, args, ctx) => {
      const { path } = modulePathSchema.parse(args);
      await deleteModule(ctx.platform, ctx.actor, metaOf(ctx), path);
      return {};
    },
  }),
}));
