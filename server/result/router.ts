import { z } from 'zod';
import {
  grantAttemptSchema,
  moduleResultSchema,
  saveResultSchema,
  updateResultSchema,
} from '../../events/result/commands';
import { pathSchema } from '../../events/shared/fields';
import { type Context, metaOf, publicProcedure, router, signedInProcedure } from '../trpc';
import { saveResult } from './commands';
import { learnerViewSources } from './learner-view';
import {
  latestActivityOutput,
  learnerModuleOutput,
  learnerPageOutput,
  participantResultOutput,
  participantsOutput,
  resultHistoryOutput,
  savedOutput,
  toGradeOutput,
} from './outputs';
import { moduleParticipants, participantSearchSchema } from './participants';
import { type LearnerSources, latestActivity, learnerModule, learnerPage } from './queries';
import { moduleQuestionStats, questionStatsInput, questionStatsOutput } from './question-stats-query';
import {
  grantAttempt,
  participantResult,
  participantResultSchema,
  resultHistory,
  scoreResult,
} from './teacher';
import { answersToGrade, toGradeSchema } from './to-grade';

/** One learner view per request: a page view's batch (module and page) reads the database once. */
const views = new WeakMap<Context, LearnerSources>();
const viewOf = (ctx: Context) => {
  let view = views.get(ctx);
  if (!view) {
    view = learnerViewSources(ctx.platform.database, ctx.actor?.userId ?? null);
    views.set(ctx, view);
  }
  return view;
};

export const resultRouter = router({
  /** The module as the actor meets it: pages in their order, progress, gates and scores. */
  module: publicProcedure
    .input(moduleResultSchema)
    .output(learnerModuleOutput)
    .query(({ ctx, input }) =>
      learnerModule(ctx.platform.database.db, ctx.actor, input.module, undefined, viewOf(ctx)),
    ),
  /** One page of it, with the state of each question; refused behind a closed gate. */
  page: publicProcedure
    .input(z.object({ module: pathSchema, page: pathSchema }))
    .output(learnerPageOutput)
    .query(({ ctx, input }) =>
      learnerPage(ctx.platform.database.db, ctx.actor, input.module, input.page, viewOf(ctx)),
    ),
  /** saveResult: answers of one page; answers the page's state, the module's and the scoring. */
  save: signedInProcedure
    .input(saveResultSchema)
    .output(savedOutput)
    .mutation(({ ctx, input }) => saveResult(ctx.platform, ctx.actor, metaOf(ctx), input)),
  latestActivity: publicProcedure
    .output(latestActivityOutput)
    .query(({ ctx }) => latestActivity(ctx.platform.database.db, ctx.actor)),
  /** Teachers: the participants active in a date range, with a score per page and the percentage. */
  participants: signedInProcedure
    .input(participantSearchSchema)
    .output(participantsOutput)
    .query(({ ctx, input }) => moduleParticipants(ctx.platform.database.db, ctx.actor, input)),
  /** Teachers: per question its option shares, facility and discrimination; per page completion (aggregates only). */
  questionStats: signedInProcedure
    .input(questionStatsInput)
    .output(questionStatsOutput)
    .query(({ ctx, input }) => moduleQuestionStats(ctx.platform.database.db, ctx.actor, input.module)),
  /** Teachers: one participant's result, every question with its answer, score and feedback. */
  participant: signedInProcedure
    .input(participantResultSchema)
    .output(participantResultOutput)
    .query(({ ctx, input }) =>
      participantResult(ctx.platform.database.db, ctx.actor, input.module, input.user),
    ),
  /** Teachers: who changed which score of this participant, when, from what to what. */
  history: signedInProcedure
    .input(participantResultSchema)
    .output(resultHistoryOutput)
    .query(({ ctx, input }) => resultHistory(ctx.platform.database.db, ctx.actor, input.module, input.user)),
  /** updateResult: a teacher's scores (whole numbers) and feedback on one page of a participant's result. */
  score: signedInProcedure
    .input(updateResultSchema)
    .output(participantResultOutput)
    .mutation(({ ctx, input }) => scoreResult(ctx.platform, ctx.actor, metaOf(ctx), input)),
  /** Teachers: the open answers waiting for a score in a module, a course or everywhere, oldest first. */
  toGrade: signedInProcedure
    .input(toGradeSchema)
    .output(toGradeOutput)
    .query(({ ctx, input }) => answersToGrade(ctx.platform.database.db, ctx.actor, input)),
  /** Teachers: another attempt at a question whose attempts a participant used up. */
  grantAttempt: signedInProcedure
    .input(grantAttemptSchema)
    .output(participantResultOutput)
    .mutation(({ ctx, input }) => grantAttempt(ctx.platform, ctx.actor, metaOf(ctx), input)),
});
