import { DomainError } from '../../events/errors';
import { saveResultSchema } from '../../events/result/commands';
import type { ModuleSummary } from '../../projections/module/module-summaries';
import { saveResult } from '../result/commands';
import { type LearnerModule, latestActivity, learnerModule, type Scoring } from '../result/queries';
import { builder } from './builder';
import { contractQuestionType } from './content-shape';
import { type GraphQLContext, metaOf } from './context';
import { answer, type MutationAnswer, refusing, signedIn } from './errors';
import { ModuleType } from './module';
import { PageType } from './page';
import { MutationResponse } from './shared';

/**
 * The caller's state in a module, read once per request and module however many fields ask for it;
 * null when the caller is signed out or may not see the module.
 */
const memo = new WeakMap<GraphQLContext, Map<string, Promise<LearnerModule | null>>>();
export function callerResult(ctx: GraphQLContext, modulePath: string): Promise<LearnerModule | null> {
  if (!ctx.actor) return Promise.resolve(null);
  let perModule = memo.get(ctx);
  if (!perModule) {
    perModule = new Map();
    memo.set(ctx, perModule);
  }
  let state = perModule.get(modulePath);
  if (!state) {
    state = learnerModule(ctx.platform.database.db, ctx.actor, modulePath).catch((error: unknown) => {
      if (error instanceof DomainError) return null;
      throw error;
    });
    perModule.set(modulePath, state);
  }
  return state;
}

/** The scoring with the contract's question types (radio, checkbox, text). */
export function scoringToContract(scoring: Scoring) {
  const pages: Record<string, Record<string, unknown>> = {};
  for (const [pagePath, entry] of Object.entries(scoring)) {
    pages[pagePath] = Object.fromEntries(
      Object.entries(entry).map(([key, value]) => [
        key,
        typeof value === 'object'
          ? { ...value, questionType: contractQuestionType(value.questionType) }
          : value,
      ]),
    );
  }
  return pages;
}

/** A page's part of a result: its answers and its entry of the scoring. */
export const pageResultOf = (state: LearnerModule, pagePath: string) => ({
  answers: state.answers[pagePath] ?? {},
  scoring: scoringToContract(state.scoring)[pagePath] ?? null,
  updatedAt: state.updatedAt,
});

/** The module's result as the contract's `result` JSON: answers and scoring keyed by page path. */
export const moduleResultOf = (state: LearnerModule) => ({
  answers: state.answers,
  scoring: scoringToContract(state.scoring),
  score: state.score,
  maxScore: state.maxScore,
  completed: state.completed,
  updatedAt: state.updatedAt,
});

const SaveResultPayload = builder
  .objectRef<MutationAnswer & { scoring?: unknown; result?: unknown; completed?: boolean }>(
    'SaveResultPayload',
  )
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      scoring: t.field({
        type: 'JSON',
        nullable: true,
        description:
          'Per page path: { __score, __maxScore, <question name>: { __score, __maxScore, questionType (radio, checkbox, text) } }, computed by the server.',
        resolve: (payload) => payload.scoring ?? null,
      }),
      result: t.field({
        type: 'JSON',
        nullable: true,
        description: "The page's saved answers and its scoring entry.",
        resolve: (payload) => payload.result ?? null,
      }),
      completed: t.boolean({
        nullable: true,
        description: 'Whether every question of the module now has an answer.',
        resolve: (payload) => payload.completed ?? null,
      }),
    }),
  });

builder.queryFields((t) => ({
  latestActivity: t.field({
    type: ModuleType,
    nullable: true,
    description: 'The module the caller answered in most recently and may still see; null when none.',
    resolve: (_root, _args, ctx) =>
      refusing(ctx, async (): Promise<ModuleSummary | null> => {
        const latest = await latestActivity(ctx.platform.database.db, ctx.actor);
        return latest?.module ?? null;
      }),
  }),
}));

builder.mutationFields((t) => ({
  saveResult: t.field({
    type: SaveResultPayload,
    description:
      'Saves the answers of one page: `result` is `{ answers: { <question name>: value } }` (radio: an option value; checkbox: a list of values; text: a string). The same answer again is not counted again; answers beyond the allowed attempts, or on a page behind a closed gate, are refused.',
    args: {
      module: t.arg.string({ required: true }),
      page: t.arg.string({ required: true }),
      result: t.arg({ type: 'JSON', required: true }),
    },
    resolve: (_root, args, ctx) =>
      answer(ctx, 'resultSaved', async () => {
        const input = saveResultSchema.parse(args);
        const saved = await saveResult(ctx.platform, signedIn(ctx), metaOf(ctx), input);
        return {
          scoring: scoringToContract(saved.scoring),
          result: pageResultOf(saved.module, input.page),
          completed: saved.module.completed,
        };
      }),
  }),
}));

builder.objectFields(ModuleType, (t) => ({
  completed: t.boolean({
    nullable: true,
    description: 'Whether the caller answered every question of the module; null when signed out.',
    resolve: async (module, _args, ctx) => (await callerResult(ctx, module.path))?.completed ?? null,
  }),
  ongoing: t.boolean({
    nullable: true,
    description: 'Whether the caller has answered in the module but not finished it; null when signed out.',
    resolve: async (module, _args, ctx) => {
      const state = await callerResult(ctx, module.path);
      return state ? state.updatedAt !== null && !state.completed : null;
    },
  }),
  entryPoint: t.field({
    type: 'JSON',
    nullable: true,
    description:
      "Where the caller continues: { type: 'page', path } of the first page not yet completed, or { type: 'result' } when done.",
    resolve: async (module, _args, ctx) => {
      const state = await callerResult(ctx, module.path);
      if (!state) return null;
      const next = state.pages.find((page) => !page.completed && page.reachable);
      return next ? { type: 'page', path: next.path } : { type: 'result', path: module.path };
    },
  }),
  result: t.field({
    type: 'JSON',
    nullable: true,
    description:
      "The caller's result: { answers, scoring, score, maxScore, completed, updatedAt }, answers and scoring keyed by page path. `user` may only name the caller until teacher results exist.",
    args: { user: t.arg.id() },
    resolve: async (module, args, ctx) => {
      if (args.user && String(args.user) !== ctx.actor?.userId) return null;
      const state = await callerResult(ctx, module.path);
      return state ? moduleResultOf(state) : null;
    },
  }),
}));

builder.objectFields(PageType, (t) => ({
  completed: t.boolean({
    nullable: true,
    description: 'Whether the caller answered every question on the page; null when signed out.',
    resolve: async (page, _args, ctx) => {
      const state = await callerResult(ctx, page.parentPath);
      return state?.pages.find((other) => other.path === page.path)?.completed ?? null;
    },
  }),
  result: t.field({
    type: 'JSON',
    nullable: true,
    description: "The caller's answers on the page, its scoring entry and when they last answered.",
    resolve: async (page, _args, ctx) => {
      const state = await callerResult(ctx, page.parentPath);
      return state ? pageResultOf(state, page.path) : null;
    },
  }),
}));
