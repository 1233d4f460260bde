import { z } from 'zod';
import {
  addCourseOwnerSchema,
  courseOwnerSchema,
  coursePathSchema,
  createCourseSchema,
  translateCourseSchema,
  updateCourseSchema,
} from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import { courseStream } from '../../events/course/events';
import { notFound } from '../../events/errors';
import { readStream } from '../../events/store';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { courseIdByPath, findCourseByPath } from '../../projections/course/course-summaries';
import { historyProcedures } from '../history-procedures';
import {
  authenticatedProcedure,
  type Context,
  inputMutation,
  metaOf,
  pathMutation,
  publicProcedure,
  router,
} from '../trpc';
import {
  addCourseOwner,
  createCourse,
  deleteCourse,
  duplicateCourse,
  publishCourse,
  removeCourseOwner,
  translateCourse,
  unpublishCourse,
  updateCourse,
} from './commands';
import { courseOwners, courseTeam, courseWithRights, visibleCourses } from './queries';

const listInput = z
  .object({
    onAdmin: z.boolean().optional(),
    published: z.boolean().optional(),
    onHome: z.boolean().optional(),
  })
  .optional();

async function courseEvents(ctx: Context, path: string) {
  const course = await findCourseByPath(ctx.platform.database.db, path);
  if (!course) throw notFound('course.notFound');
  return readStream(ctx.platform.database.db, courseStream(course.courseId));
}

async function courseOwnersByPath(ctx: Context, path: string) {
  const courseId = await courseIdByPath(ctx.platform.database.db, path);
  if (!courseId) throw notFound('course.notFound');
  return ownersOfCourse(ctx.platform.database.db, courseId);
}

export const courseRouter = router({
  /** Learners see published, public courses; editors see the admin list their rights allow. */
  list: publicProcedure
    .input(listInput)
    .query(({ ctx, input }) => visibleCourses(ctx.platform.database.db, ctx.actor, input)),

  byPath: publicProcedure
    .input(coursePathSchema)
    .query(({ ctx, input }) => courseWithRights(ctx.platform.database.db, ctx.actor, input.path)),

  /** The course team for its Team tab and avatar lists: owners, and participants when shown. */
  team: publicProcedure
    .input(coursePathSchema)
    .query(({ ctx, input }) => courseTeam(ctx.platform.database.db, ctx.actor, input.path)),

  ...historyProcedures({
    decider: courseDecider,
    events: courseEvents,
    owners: courseOwnersByPath,
    shown: (state) => ({
      path: state.path,
      published: state.published,
      owners: state.owners,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
  }),

  create: publicProcedure.input(createCourseSchema).mutation(async ({ ctx, input }) => {
    const outcome = await createCourse(ctx.platform, ctx.actor, metaOf(ctx), input);
    return { path: outcome.events[0]!.data.path as string };
  }),
  update: inputMutation(updateCourseSchema, updateCourse),
  publish: pathMutation(coursePathSchema, publishCourse),
  unpublish: pathMutation(coursePathSchema, unpublishCourse),
  delete: pathMutation(coursePathSchema, deleteCourse),

  /** The course's owners (the teachers who may edit it), by name. */
  owners: authenticatedProcedure
    .input(coursePathSchema)
    .query(({ ctx, input }) => courseOwners(ctx.platform.database.db, ctx.actor, input.path)),
  /** `modules: true` also makes them owner of the course's modules the caller may assign on. */
  addOwner: publicProcedure.input(addCourseOwnerSchema).mutation(async ({ ctx, input }) => ({
    path: input.path,
    modules: await addCourseOwner(ctx.platform, ctx.actor, metaOf(ctx), input),
  })),
  removeOwner: inputMutation(courseOwnerSchema, removeCourseOwner),
  /** A copy named '… (copy)', with copies of its sections and the same modules and files linked. */
  duplicate: publicProcedure.input(coursePathSchema).mutation(async ({ ctx, input }) => ({
    path: await duplicateCourse(ctx.platform, ctx.actor, metaOf(ctx), input.path),
  })),
  /** A translation in the group of the original, its sections recreated in the new language. */
  translate: publicProcedure.input(translateCourseSchema).mutation(async ({ ctx, input }) => ({
    path: await translateCourse(ctx.platform, ctx.actor, metaOf(ctx), input),
  })),
});
