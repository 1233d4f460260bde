import { invalid } from '../../events/errors';
import { createPageSchema, pagePathSchema } from '../../events/page/commands';
import { withoutAnswerKey } from '../../events/page/content';
import { findPageByPath, type PageSummary } from '../../projections/page/page-summaries';
import { maySeeModule } from '../module/queries';
import { createPage, deletePage, updatePage } from '../page/commands';
import { maySeeAnswerKey, visiblePage } from '../page/queries';
import { builder } from './builder';
import { contentFromContract, contentToContract } from './content-shape';
import { type GraphQLContext, metaOf } from './context';
import { documentArg, documentOf, type MutationAnswer } from './errors';
import { PageInput, PageUpdateInput } from './inputs';
import { ModuleType } from './module';
import { docDescription, MutationResponse, MutationResult, typedDescription } from './shared';

/** What a page query and a module's page list both give (server/page/queries.ts PageDetail). */
type PageRow = Pick<
  PageSummary,
  'path' | 'name' | 'type' | 'interactiveVideo' | 'estimatedTime' | 'parentPath' | 'position'
> & { content: unknown };

/** The page before or after this one in its module's order, or null at either end. */
async function neighbour(ctx: GraphQLContext, page: PageRow, step: -1 | 1): Promise<string | null> {
  const pages = await ctx.loaders.modulePages.load(page.parentPath);
  const index = pages.findIndex((other) => other.path === page.path);
  return index < 0 ? null : (pages[index + step]?.path ?? null);
}

/** A page of a module (docs/guide/modules-and-pages.md); the caller's `completed` and `result` are added in result.ts. */
export const PageType = builder.objectRef<PageRow>('Page').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
    type: t.exposeString('type', { description: 'markdown, question, video, interactive, …' }),
    content: t.field({
      type: 'JSON',
      description:
        'The list of form elements: markdown blocks, videos (`url`, and `tracks [{ language, url, label }]`: WebVTT captions, one per language), and questions `{ name, type: "question", questionType: radio | checkbox | text | numeric | shortText | matching | ordering | fillBlanks, label, options [{ label, value, score, feedback }], schema { autoShow, attempts, info } }`; a numeric question also has `unit` and `accepted [{ value, tolerance, score, feedback }]`, a short answer `caseSensitive`, `accentSensitive` and `accepted [{ text, score, feedback }]`; a matching question `pairs [{ value, prompt, match, score, feedback }]` and `distractors [{ value, label }]`, an ordering question `items [{ value, label }]` in the right order, `scoring` (all | position) and `score`, a fill-in-the-blanks question `text` (blanks as [[1]], [[2]]…) and `gaps [{ kind: text, accepted, caseSensitive, accentSensitive } | { kind: select, options }]`. Option scores and feedback and accepted answers only for who edits the module; anyone else receives a matching question as `prompts` and `matches [{ value, label }]` (answers name matches by these ids), an ordering question as `shuffled` items, and gaps without accepted texts or scores.',
      resolve: (page) => contentToContract(page.content),
    }),
    interactiveVideo: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'For interactive pages: { show, url, videoTime, timestamps [{ hh, mm, ss, timestampInSeconds, references }], tracks [{ language, url, label }] } (tracks: WebVTT captions, one per language).',
      resolve: (page) => page.interactiveVideo,
    }),
    estimatedTime: t.exposeInt('estimatedTime', { description: 'Seconds.' }),
    parentType: t.string({ description: "Always 'module'.", resolve: () => 'module' }),
    parentPath: t.exposeString('parentPath'),
    prevPage: t.string({
      nullable: true,
      description: 'The path of the page before this one in its module.',
      resolve: (page, _args, ctx) => neighbour(ctx, page, -1),
    }),
    nextPage: t.string({
      nullable: true,
      description: 'The path of the page after this one in its module.',
      resolve: (page, _args, ctx) => neighbour(ctx, page, 1),
    }),
    module: t.field({
      type: ModuleType,
      nullable: true,
      description: 'The module the page belongs to.',
      resolve: (page, _args, ctx) => ctx.loaders.moduleByPath.load(page.parentPath),
    }),
  }),
});

builder.objectField(ModuleType, 'pages', (t) =>
  t.field({
    type: [PageType],
    description:
      'The pages in order, when the caller may see the module (a module listed under a course may be closed to them: then empty).',
    resolve: async (module, _args, ctx) => {
      const owners = (await ctx.loaders.moduleOwners.load(module.moduleId)).map((owner) => owner._id);
      if (!(await maySeeModule(ctx.platform.database.db, ctx.actor, module, owners))) return [];
      const pages = await ctx.loaders.modulePages.load(module.path);
      // Scores reveal the correct answers: only those who edit the module receive them.
      if (maySeeAnswerKey(ctx.actor, owners)) return pages;
      return pages.map((page) => ({ ...page, content: withoutAnswerKey(page.content) }));
    },
  }),
);

const PageMutationResult = builder
  .objectRef<MutationAnswer & { page?: PageRow | null }>('PageMutationResult')
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      page: t.field({ type: PageType, nullable: true, resolve: (result) => result.page ?? null }),
    }),
  });

builder.queryFields((t) => ({
  page: t.field({
    type: PageType,
    nullable: true,
    description: 'One page, when the caller may see its module.',
    args: { path: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      visiblePage(ctx.platform.database.db, ctx.actor, pagePathSchema.parse(args).path),
  }),
}));

/** `doc` is the page form (pageInputSchema) plus, when creating, `path`, `parentType` and `parentPath`. */
function splitPageDoc(value: unknown) {
  const { path, parentType, parentPath, ...details } = documentOf(value);
  if ('content' in details) details.content = contentFromContract(details.content);
  return { path, parentType, parentPath, details };
}

builder.mutationFields((t) => ({
  createPage: t.field({
    type: PageMutationResult,
    description:
      'Creates a page at the end of a module (edit right on the module, or owning it) from `doc` (or the typed `input`): `parentType: "module"`, `parentPath`, the page form (name, type, content, interactiveVideo, estimatedTime), optionally `path`.',
    args: {
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: PageInput, description: typedDescription }),
    },
    success: 'pageCreated',
    resolve: async (_root, args, ctx) => {
      const { path, parentType, parentPath, details } = splitPageDoc(documentArg(args));
      const input = createPageSchema.parse({ path, parentType, parentPath, page: details });
      const created = await createPage(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { page: await findPageByPath(ctx.platform.database.db, created) };
    },
  }),
  updatePage: t.field({
    type: PageMutationResult,
    description:
      'Changes the fields `doc` (or the typed `input`) names (edit right, or owning the module). A page stays in its module.',
    args: {
      path: t.arg.string({ required: true }),
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: PageUpdateInput, description: typedDescription }),
    },
    success: 'pageUpdated',
    resolve: async (_root, args, ctx) => {
      const { path } = pagePathSchema.parse(args);
      const { parentType, parentPath, details } = splitPageDoc(documentArg(args));
      // Moving a page to another module is not an update (the command refuses another parentPath).
      if ((parentType !== undefined && parentType !== 'module') || Object.keys(details).length === 0)
        throw invalid('errors.invalidInput');
      await updatePage(ctx.platform, ctx.actor, metaOf(ctx), { path, page: details, parentPath });
      return { page: await findPageByPath(ctx.platform.database.db, path) };
    },
  }),
  deletePage: t.field({
    type: MutationResult,
    description: 'Deletes a page (delete right, or owning the module).',
    args: { path: t.arg.string({ required: true }) },
    success: 'pageDeleted',
    resolve: async (_root, args, ctx) => {
      const { path } = pagePathSchema.parse(args);
      await deletePage(ctx.platform, ctx.actor, metaOf(ctx), path);
      return {};
    },
  }),
}));
