import { z } from 'zod';
import { coursePathSchema, createCourseSchema, updateCourseSchema } from '../../events/course/commands';
import { courseStream } from '../../events/course/events';
import { notFound } from '../../events/errors';
import { readStream } from '../../events/store';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { type Context, procedureFor, publicProcedure, router } from '../trpc';
import { createCourse, deleteCourse, publishCourse, unpublishCourse, updateCourse } from './commands';
import { visibleCourse, visibleCourses } from './queries';

const metaOf = (ctx: Context) => ({
  actorId: ctx.actor?.userId ?? null,
  requestId: ctx.requestId,
  now: new Date(),
});

const listInput = z
  .object({
    onAdmin: z.boolean().optional(),
    published: z.boolean().optional(),
    onHome: z.boolean().optional(),
  })
  .optional();

export const courseRouter = router({
  /** Learners see published, public courses; editors see the admin list their rights allow. */
  list: publicProcedure
    .input(listInput)
    .query(({ ctx, input }) => visibleCourses(ctx.platform.database.db, ctx.actor, input)),

  byPath: publicProcedure
    .input(coursePathSchema)
    .query(({ ctx, input }) => visibleCourse(ctx.platform.database.db, ctx.actor, input.path)),

  /** The course's full change history: who changed what, when. */
  history: procedureFor('view')
    .input(coursePathSchema)
    .query(async ({ ctx, input }) => {
      const course = await findCourseByPath(ctx.platform.database.db, input.path);
      if (!course) throw notFound('course.notFound');
      const events = await readStream(ctx.platform.database.db, courseStream(course.courseId));
      return events.map((event) => ({
        version: event.version,
        type: event.type,
        data: event.data as Record<string, unknown>,
        actorId: event.meta.actorId,
        at: event.meta.at,
      }));
    }),

  create: publicProcedure.input(createCourseSchema).mutation(async ({ ctx, input }) => {
    const outcome = await createCourse(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { path: outcome.events[0]!.data.path as string };
  }),
  update: publicProcedure.input(updateCourseSchema).mutation(async ({ ctx, input }) => {
    await updateCourse(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { path: input.path };
  }),
  publish: publicProcedure.input(coursePathSchema).mutation(async ({ ctx, input }) => {
    await publishCourse(ctx.platform, ctx.actor, metaOf(ctx), input.path);
    return { path: input.path };
  }),
  unpublish: publicProcedure.input(coursePathSchema).mutation(async ({ ctx, input }) => {
    await unpublishCourse(ctx.platform, ctx.actor, metaOf(ctx), input.path);
    return { path: input.path };
  }),
  delete: publicProcedure.input(coursePathSchema).mutation(async ({ ctx, input }) => {
    await deleteCourse(ctx.platform, ctx.actor, metaOf(ctx), input.path);
    return { path: input.path };
  }),
});
