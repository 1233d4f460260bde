import { z } from 'zod';
import { coursePathSchema, createCourseSchema, updateCourseSchema } from '../../events/course/commands';
import { courseStream } from '../../events/course/events';
import { notFound } from '../../events/errors';
import { can } from '../../events/permissions';
import { readStream } from '../../events/store';
import { findCourseByPath, listCourses } from '../../projections/course/course-summaries';
import { type Context, procedureFor, publicProcedure, router } from '../trpc';
import { createCourse, deleteCourse, publishCourse, unpublishCourse, updateCourse } from './commands';

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
  /** Learners see published, public courses; editors with view rights may ask for everything. */
  list: publicProcedure.input(listInput).query(({ ctx, input }) => {
    const db = ctx.platform.database.db;
    if (input?.onAdmin && can(ctx.actor, 'view')) {
      return listCourses(db, { published: input.published, onHome: input.onHome });
    }
    return listCourses(db, { published: true, publicOnly: true, onHome: input?.onHome });
  }),

  byPath: publicProcedure.input(coursePathSchema).query(async ({ ctx, input }) => {
    const course = await findCourseByPath(ctx.platform.database.db, input.path);
    const visible = course && ((course.published && course.public) || can(ctx.actor, 'view'));
    if (!course || !visible) throw notFound('course.notFound');
    return course;
  }),

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
