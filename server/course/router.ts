import { z } from 'zod';
import {
  addCourseOwnerSchema,
  courseOwnerSchema,
  coursePathSchema,
  createCourseSchema,
  duplicateCourseSchema,
  translateCourseSchema,
  updateCourseSchema,
} from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import { courseStream } from '../../events/course/events';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { courseIdByPath } from '../../projections/course/course-summaries';
import { contentProcedures } from '../content/procedures';
import { personOutput } from '../outputs';
import {
  inputMutation,
  metaOf,
  pathMutation,
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
import { courseDraftState, discardCourseDraft, publishCourseChanges, saveCourseDraft } from './drafts';
import {
  copiedCourseOutput,
  courseAsOfOutput,
  courseDraftStateOutput,
  courseSummaryOutput,
  courseTeamOutput,
  courseWithRightsOutput,
} from './outputs';
import { courseOwners, courseTeam, courseWithRights, visibleCourses } from './queries';

const listInput = z
  .object({
    onAdmin: z.boolean().optional(),
    published: z.boolean().optional(),
    onHome: z.boolean().optional(),
  })
  .optional();

/** Who owns a course may change it, delete it and read its history without the role's right. */
const courseProcedures = contentProcedures({
  path: coursePathSchema,
  notFound: 'course.notFound',
  find: courseIdByPath,
  stream: courseStream,
  owners: ownersOfCourse,
  rights: { create: procedureFor('create'), change: 'owners' },
  read: { output: courseWithRightsOutput, query: courseWithRights },
  history: {
    decider: courseDecider,
    shown: (state) => ({
      path: state.path,
      published: state.published,
      owners: state.owners,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
    output: courseAsOfOutput,
  },
  create: {
    input: createCourseSchema,
    command: async (platform, actor, meta, input) =>
      (await createCourse(platform, actor, meta, input)).events[0]!.data.path as string,
  },
  update: { input: updateCourseSchema, command: updateCourse },
  delete: deleteCourse,
  // Replaced below by the procedure that takes `modules` and answers what became of them.
  duplicate: async (platform, actor, meta, path) => (await duplicateCourse(platform, actor, meta, path)).path,
  publishing: { publish: publishCourse, unpublish: unpublishCourse },
});

export const courseRouter = router({
  /** Whether learners see the course, and its settings' draft: its editors only (docs/adr/0019-drafts-of-live-content.md). */
  draft: signedInProcedure
    .input(coursePathSchema)
    .output(courseDraftStateOutput)
    .query(({ ctx, input }) => courseDraftState(ctx.platform.database.db, ctx.actor, input.path)),
  /** Keeps the course form as a draft beside the live settings. */
  saveDraft: inputMutation(signedInProcedure, updateCourseSchema, saveCourseDraft),
  /** The draft becomes the settings learners see. */
  publishChanges: pathMutation(signedInProcedure, coursePathSchema, publishCourseChanges),
  discardDraft: pathMutation(signedInProcedure, coursePathSchema, discardCourseDraft),
  /** Learners see published, public courses; editors see the admin list their rights allow. */
  list: publicProcedure
    .input(listInput)
    .output(z.array(courseSummaryOutput))
    .query(({ ctx, input }) => visibleCourses(ctx.platform.database.db, ctx.actor, input)),

  /** The course team for its Team tab and avatar lists: owners, and participants when shown. */
  team: publicProcedure
    .input(coursePathSchema)
    .output(courseTeamOutput)
    .query(({ ctx, input }) => courseTeam(ctx.platform.database.db, ctx.actor, input.path)),

  ...courseProcedures,

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
  /**
   * A copy named '… (copy)', unpublished, with copies of its sections, the same files, and copies of
   * its modules (unpublished) or, with `modules: 'share'`, the same modules; answers the copy's path
   * and what became of the modules.
   */
  duplicate: signedInProcedure
    .input(duplicateCourseSchema)
    .output(copiedCourseOutput)
    .mutation(({ ctx, input }) =>
      duplicateCourse(ctx.platform, ctx.actor, metaOf(ctx), input.path, input.modules),
    ),
  /**
   * A translation in the group of the original, its sections recreated in the new language and its
   * modules carried into it (their translations, made unpublished where none exists).
   */
  translate: signedInProcedure
    .input(translateCourseSchema)
    .output(copiedCourseOutput)
    .mutation(({ ctx, input }) => translateCourse(ctx.platform, ctx.actor, metaOf(ctx), input)),
});
