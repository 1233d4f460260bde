import { DomainError } from '../../events/errors';
import { isAnswered } from '../../events/result/answers';
import {
  grantAttemptSchema,
  type SaveResultInput,
  saveResultSchema,
  teacherResultSchema,
  updateResultSchema,
} from '../../events/result/commands';
import { pathSchema } from '../../events/shared/fields';
import type { ModuleSummary } from '../../projections/module/module-summaries';
import { type AnswerEntry, answerEntries } from '../result/answer-texts';
import { saveResult } from '../result/commands';
import { activeUsers } from '../result/participants';
import {
  type LearnerModule,
  type LearnerSources,
  latestActivity,
  learnerModule,
  type Scoring,
} from '../result/queries';
import { resultsCsv } from '../result/results-csv';
import { grantAttempt, participantResult, scoreResult } from '../result/teacher';
import { builder } from './builder';
import { contractQuestionType } from './content-shape';
import { type GraphQLContext, metaOf } from './context';
import { documentArg, type MutationAnswer, signedIn } from './errors';
import { ResultInput, TeacherResultInput } from './inputs';
import { ModuleType } from './module';
import { PageType } from './page';
import { docDescription, MutationResponse, MutationResult, typedDescriptionBeside } from './shared';
import { UserType } from './user';

/**
 * The caller's state in a module, read once per request and module however many fields ask for it;
 * null when the caller is signed out or may not see the module.
 */
const memo = new WeakMap<GraphQLContext, Map<string, Promise<LearnerModule | null>>>();
function callerResult(ctx: GraphQLContext, modulePath: string): Promise<LearnerModule | null> {
  const actor = ctx.actor;
  if (!actor) return Promise.resolve(null);
  let perModule = memo.get(ctx);
  if (!perModule) {
    perModule = new Map();
    memo.set(ctx, perModule);
  }
  let state = perModule.get(modulePath);
  if (!state) {
    state = learnerModule(
      ctx.platform.database.db,
      actor,
      modulePath,
      actor.userId,
      batchedSources(ctx),
    ).catch((error: unknown) => {
      if (error instanceof DomainError) return null;
      throw error;
    });
    perModule.set(modulePath, state);
  }
  return state;
}

/** The learner state's reads through the request's loaders, so a list of modules costs a few statements. */
function batchedSources(ctx: GraphQLContext): LearnerSources {
  const { loaders } = ctx;
  return {
    module: (path) => loaders.moduleByPath.load(path),
    owners: async (moduleId) => (await loaders.moduleOwners.load(moduleId)).map((owner) => owner._id),
    linked: async (userId, modulePath) => (await loaders.links.load(userId)).modules.includes(modulePath),
    // The loader answers for the request's caller, the one actor the learner state is read for here.
    teaches: async (actor, module) => actor.userId === ctx.actor?.userId && loaders.taught.load(module.path),
    pages: (modulePath) => loaders.modulePages.load(modulePath),
    answers: (userId, moduleId) => loaders.callerAnswers.load(`${userId} ${moduleId}`),
  };
}

/** The scoring with the contract's question types (radio, checkbox, text, numeric, shortText, matching, ordering, fillBlanks). */
function scoringToContract(scoring: Scoring) {
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
const pageResultOf = (state: LearnerModule, pagePath: string) => ({
  answers: state.answers[pagePath] ?? {},
  scoring: scoringToContract(state.scoring)[pagePath] ?? null,
  updatedAt: state.updatedAt,
});

/** The module's result as the contract's `result` JSON: answers and scoring keyed by page path. */
const moduleResultOf = (state: LearnerModule) => ({
  answers: state.answers,
  scoring: scoringToContract(state.scoring),
  score: state.score,
  maxScore: state.maxScore,
  completed: state.completed,
  feedback: state.feedback,
  updatedAt: state.updatedAt,
});

/** Another participant's result for a teacher of the module; null for anyone else. */
async function teacherSummary(ctx: GraphQLContext, modulePath: string, userId: string) {
  try {
    return (await participantResult(ctx.platform.database.db, ctx.actor, modulePath, userId)).summary;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
const teacherView = async (ctx: GraphQLContext, modulePath: string, userId: string) => {
  const summary = await teacherSummary(ctx, modulePath, userId);
  return summary ? moduleResultOf(summary) : null;
};

/**
 * The answered questions of a result with their texts (option labels in the module's language):
 * the caller's own, or with `user` that participant's for the module's teachers; null otherwise.
 */
async function answersWithTexts(ctx: GraphQLContext, modulePath: string, user?: string | number | null) {
  const summary =
    user && String(user) !== ctx.actor?.userId
      ? await teacherSummary(ctx, modulePath, String(user))
      : await callerResult(ctx, modulePath);
  if (!summary) return null;
  const pages = await ctx.loaders.modulePages.load(modulePath);
  return answerEntries(
    summary.pages,
    new Map(pages.map((page) => [page.path, page.content])),
    summary.answers,
  );
}

const ResultAnswerType = builder.objectRef<AnswerEntry>('ResultAnswer').implement({
  description:
    "One answered question of a result: the value the participant sent (as in `result.answers`) beside its texts as the participant read them — the chosen options' labels in the module's language, the typed answer, or the matches, order or blanks by their texts.",
  fields: (t) => ({
    page: t.exposeString('page', { description: 'The page path.' }),
    pageName: t.exposeString('pageName', {
      nullable: true,
      description: 'The page name; null when the module hides page names from the caller.',
    }),
    question: t.exposeString('question', { description: 'The question name (the key in `result.answers`).' }),
    label: t.exposeString('label', { description: 'The question as asked.' }),
    questionType: t.string({
      description: 'radio, checkbox, text, numeric, shortText, matching, ordering or fillBlanks.',
      resolve: (entry) => contractQuestionType(entry.questionType),
    }),
    value: t.field({
      type: 'JSON',
      description:
        'The raw answer: an option value (radio), a list of values (checkbox), a text (text, numeric, shortText), or a list: "<prompt value>=<match id>" per match (matching), the item values in order (ordering), one text or option value per blank (fillBlanks).',
      resolve: (entry) => entry.value,
    }),
    labels: t.exposeStringList('labels', {
      description:
        'The texts of the chosen options in option order (one text for a typed answer, a number with its unit); for matching one "prompt → match" per match, for ordering the items numbered in the order given ("1. …"), for fillBlanks one "[n] text" per blank (a chosen option by its label, an empty blank as —). A value no longer among the options reads as itself.',
    }),
    text: t.exposeString('text', { description: "The labels joined by '; '." }),
  }),
});

/**
 * The contract's saveResult is an answer, where the platform's own screen saves
 * drafts until the participant checks an answer: every answer given is confirmed. An empty one is
 * left unconfirmed, because an empty answer can never spend an attempt (it stays a draft, which
 * spends and completes nothing).
 */
function asAnswers(input: SaveResultInput): SaveResultInput {
  const answered = Object.entries(input.result.answers).filter(([, value]) => isAnswered(value));
  return { ...input, result: { ...input.result, confirm: answered.map(([name]) => name) } };
}

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
          'Per page path: { __score, __maxScore, <question name>: { __score, __maxScore, questionType (radio, checkbox, text, numeric, shortText, matching, ordering, fillBlanks) } }, computed by the server.',
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
    resolve: async (_root, _args, ctx): Promise<ModuleSummary | null> => {
      const latest = await latestActivity(ctx.platform.database.db, ctx.actor);
      return latest?.module ?? null;
    },
  }),
  resultCSV: t.string({
    nullable: true,
    description:
      "The module's results as CSV text for its teachers (view or edit right, or owner; the owners of a course that lists it see that course's participants): one row per participant active between `after` and `before` (YYYY-MM-DD, `before` including that day, or ISO timestamps); per question its answer as text (option labels in the module's language, several joined by '; ', open answers as typed; key `<page path>/<question name>/answer`) and its score (key `<page path>/<question name>`), a total per page (`<page path>/total`), then total, maxScore and percent. Every header cell reads `<label in the module's language> [<key>]`. UTF-8 with a BOM, formula-like text cells neutralised with a quote. The same text as GET /api/results/<path>.csv, which streams it as a file download.",
    args: { path: t.arg.string({ required: true }), before: t.arg.string(), after: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      const path = pathSchema.parse(args.path);
      const rows = await resultsCsv(ctx.platform.database.db, ctx.actor, path, args.after, args.before);
      let csv = '';
      for await (const chunk of rows) csv += chunk;
      return csv;
    },
  }),
}));

builder.mutationFields((t) => ({
  saveResult: t.field({
    type: SaveResultPayload,
    description:
      "Answers the questions of one page, the answer carrying the scoring by page. `result` is `{ answers: { <question name>: value } }` (radio: an option value; checkbox: a list of values; text: a string). Every answer counts: it is scored by the server, spends one attempt of a question with limited attempts, and completes the page once every question on it is answered. The same answer again is not counted again; an empty answer (an empty text or list) to a question with limited attempts is no answer and spends nothing; answers beyond the allowed attempts, or on a page behind a closed gate, are refused. With `draft: true` the answers to questions with limited attempts are drafts instead (kept, spending no attempt and completing nothing), except those named in `result.confirm`, which count as answers ('Check answer'); questions with unlimited attempts take every answer either way. Without `draft`, `confirm` changes nothing.",
    args: {
      module: t.arg.string({ required: true }),
      page: t.arg.string({ required: true }),
      result: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: ResultInput, description: typedDescriptionBeside('result') }),
      draft: t.arg.boolean({
        description:
          "true: keep the answers to questions with limited attempts as drafts (spending nothing) unless `result.confirm` names them, as the platform's own answer screen saves while the participant is still choosing. Left out or false: every answer counts.",
      }),
      idempotencyKey: t.arg.string({
        description:
          'A UUID the client chooses for this save and sends again with every retry of it: the platform applies each key at most once per participant, and a repeated request changes nothing and answers the current state.',
      }),
    },
    success: 'resultSaved',
    resolve: async (_root, args, ctx) => {
      const parsed = saveResultSchema.parse({
        module: args.module,
        page: args.page,
        result: documentArg(args, 'result'),
        idempotencyKey: args.idempotencyKey ?? undefined,
      });
      const input = args.draft ? parsed : asAnswers(parsed);
      const saved = await saveResult(ctx.platform, signedIn(ctx), metaOf(ctx), input);
      return {
        scoring: scoringToContract(saved.scoring),
        result: pageResultOf(saved.module, input.page),
        completed: saved.module.completed,
      };
    },
  }),
  grantAttempt: t.field({
    type: MutationResult,
    description:
      "A teacher (edit right or owner of the module, or owner of a course that lists it for that course's participants) gives a participant another attempt at one question whose attempts are used up; refused while attempts are left. The participant's result history shows who gave it and when.",
    args: {
      user: t.arg.id({ required: true }),
      module: t.arg.string({ required: true }),
      page: t.arg.string({ required: true }),
      question: t.arg.string({ required: true }),
    },
    success: 'attemptGranted',
    resolve: async (_root, args, ctx) => {
      const input = grantAttemptSchema.parse({ ...args, user: String(args.user) });
      await grantAttempt(ctx.platform, signedIn(ctx), metaOf(ctx), input);
      return {};
    },
  }),
  updateResult: t.field({
    type: SaveResultPayload,
    description:
      "A teacher (edit right or owner of the module, or owner of a course that lists it for that course's participants) scores open questions and gives feedback on one page of a participant's result. `result` is `{ scores: { <question name>: number }, feedback: { <question name>: text } }`, either part may be left out; scores are rounded to whole numbers between 0 and the question's maximum and only open questions take a score (an unchanged score of a choice question is ignored); feedback may be given on any answered question, and an empty text removes it. Another shape (such as `{ answers }`) is refused with a message. Every change is an event: the participant's result history shows who changed which score, when, from what to what. Answers the participant's scoring and the page's result (with its feedback).",
    args: {
      user: t.arg.id({ required: true }),
      module: t.arg.string({ required: true }),
      page: t.arg.string({ required: true }),
      result: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: TeacherResultInput, description: typedDescriptionBeside('result') }),
    },
    success: 'resultUpdated',
    resolve: async (_root, args, ctx) => {
      const result = documentArg(args, 'result');
      teacherResultSchema.parse(result);
      const input = updateResultSchema.parse({ ...args, result, user: String(args.user) });
      const scored = await scoreResult(ctx.platform, signedIn(ctx), metaOf(ctx), input);
      return {
        scoring: scoringToContract(scored.summary.scoring),
        result: {
          ...pageResultOf(scored.summary, input.page),
          feedback: scored.summary.feedback[input.page] ?? {},
        },
        completed: scored.summary.completed,
      };
    },
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
      "A result: { answers, scoring, feedback, score, maxScore, completed, updatedAt }, answers, scoring and feedback keyed by page path. Without `user`, the caller's own; with `user`, that participant's, for the module's teachers (view or edit right, owner, or owner of a course that lists it for that course's participants) and null for anyone else.",
    args: { user: t.arg.id() },
    resolve: async (module, args, ctx) => {
      if (args.user && String(args.user) !== ctx.actor?.userId)
        return teacherView(ctx, module.path, String(args.user));
      const state = await callerResult(ctx, module.path);
      return state ? moduleResultOf(state) : null;
    },
  }),
  resultAnswers: t.field({
    type: [ResultAnswerType],
    nullable: true,
    description:
      "The answered questions of a result with the texts of the answers (option labels in the module's language instead of option values), in page order. Without `user`, the caller's own; with `user`, that participant's, for the module's teachers (view or edit right, owner, or owner of a course that lists it for that course's participants) and null for anyone else, like `result`.",
    args: { user: t.arg.id() },
    resolve: (module, args, ctx) => answersWithTexts(ctx, module.path, args.user),
  }),
  activeUsers: t.field({
    type: [UserType],
    nullable: true,
    description:
      "The participants active in the module between `after` and `before` (their first answer before `before`, their last at or after `after`; YYYY-MM-DD, `before` including that day, or ISO timestamps), most recently active first. For the module's teachers (view or edit right, or owner); null for anyone else.",
    args: { before: t.arg.string(), after: t.arg.string() },
    resolve: async (module, args, ctx) => {
      try {
        return await activeUsers(ctx.platform.database.db, ctx.actor, module.path, args.after, args.before);
      } catch (error) {
        // Not a teacher of this module: null, like the other fields of results.
        if (error instanceof DomainError && error.code !== 'INVALID') return null;
        throw error;
      }
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
    description:
      "The caller's answers on the page, its scoring entry, a teacher's feedback per question and when they last answered.",
    resolve: async (page, _args, ctx) => {
      const state = await callerResult(ctx, page.parentPath);
      return state ? { ...pageResultOf(state, page.path), feedback: state.feedback[page.path] ?? {} } : null;
    },
  }),
}));
