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
import { personOutput } from '../outputs';
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
import { courseAsOfOutput, courseSummaryOutput, courseTeamOutput, courseWithRightsOutput } from './outputs';
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

/** Who may change a course, or delete it: the role's right, or owning it. */
const courseEditor = ownerProcedure({ owners: courseOwnersByPath, may: ownerOr('edit') });
const courseDeleter = ownerProcedure({ owners: courseOwnersByPath, may: ownerOr('delete') });

export const courseRouter = router({
  /** Learners see published, public courses; editors see the admin list their rights allow. */
  list: publicProcedure
    .input(listInput)
    .output(z.array(courseSummaryOutput))
    .query(({ ctx, input }) => visibleCourses(ctx.platform.database.db, ctx.actor, input)),

  byPath: publicProcedure
    .input(coursePathSchema)
    .output(courseWithRightsOutput)
    .query(({ ctx, input }) => courseWithRights(ctx.platform.database.db, ctx.actor, input.path)),

  /** The course team for its Team tab and avatar lists: owners, and participants when shown. */
  team: publicProcedure
    .input(coursePathSchema)
    .output(courseTeamOutput)
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
    shownOutput: courseAsOfOutput,
  }),

  create: procedureFor('create')
    .input(createCourseSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await createCourse(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { path: outcome.events[0]!.data.path as string };
    }),
  update: inputMutation(courseEditor, updateCourseSchema, updateCourse),
  publish: pathMutation(courseEditor, coursePathSchema, publishCourse),
  unpublish: pathMutation(courseEditor, coursePathSchema, unpublishCourse),
  delete: pathMutation(courseDeleter, coursePathSchema, deleteCourse),

  /** The course's owners (the teachers who may edit it), by name. */
  owners: signedInProcedure
    .input(coursePathSchema)
    .output(z.array(personOutput))
    .query(({ ctx, input }) => courseOwners(ctx.platform.database.db, ctx.actor, input.path)),
  /** `modules: true` also makes them owner of the course's modules the caller may assign on. */
  addOwner: signedInProcedure
    .input(addCourseOwnerSchema)
    .output(z.object({ path: z.string(), modules: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => ({
      path: input.path,
      modules: await addCourseOwner(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  removeOwner: inputMutation(signedInProcedure, courseOwnerSchema, removeCourseOwner),
  /** A copy named '… (copy)', with copies of its sections and the same modules and files linked. */
  duplicate: signedInProcedure
    .input(coursePathSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await duplicateCourse(ctx.platform, ctx.actor, metaOf(ctx), input.path),
    })),
  /** A translation in the group of the original, its sections recreated in the new language. */
  translate: signedInProcedure
    .input(translateCourseSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await translateCourse(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
});
