import { z } from 'zod';
import { coursePathSchema } from '../../events/course/commands';
import { notFound } from '../../events/errors';
import {
  createSectionSchema,
  reorderSectionsSchema,
  sectionPathSchema,
  updateSectionSchema,
} from '../../events/section/commands';
import { sectionDecider } from '../../events/section/decider';
import { sectionStream } from '../../events/section/events';
import { pathSchema } from '../../events/shared/fields';
import { readStream } from '../../events/store';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { courseIdByPath } from '../../projections/course/course-summaries';
import { findSectionByPath } from '../../projections/section/section-summaries';
import { breakoutRoomView, classroomCountdown, classroomView } from '../classroom/classroom';
import { startCountdown, stopCountdown } from '../classroom/countdown';
import { historyProcedures } from '../history-procedures';
import {
  type Context,
  inputMutation,
  metaOf,
  pathMutation,
  pathOutput,
  publicProcedure,
  router,
  signedInProcedure,
} from '../trpc';
import {
  createSection,
  deleteSection,
  duplicateSection,
  orderSections,
  publishSection,
  unpublishSection,
  updateSection,
} from './commands';
import {
  breakoutRoomViewOutput,
  classroomViewOutput,
  countdownOutput,
  sectionAsOfOutput,
  sectionOutput,
} from './outputs';
import { visibleSection, visibleSectionsOfCourse } from './queries';

const classroomInput = z.object({ course: pathSchema, section: pathSchema });
const breakoutRoomInput = classroomInput.extend({ room: z.number().int().min(1).max(999) });

/** A section's events by its path; a missing section is not found. */
async function sectionEvents(ctx: Context, path: string) {
  const section = await findSectionByPath(ctx.platform.database.db, path);
  if (!section) throw notFound('section.notFound');
  return readStream(ctx.platform.database.db, sectionStream(section.sectionId));
}

/** A section belongs to its course: the course's owners are the section's. */
async function sectionOwnersByPath(ctx: Context, path: string) {
  const db = ctx.platform.database.db;
  const section = await findSectionByPath(db, path);
  if (!section) throw notFound('section.notFound');
  const courseId = await courseIdByPath(db, section.parentPath);
  return courseId ? ownersOfCourse(db, courseId) : [];
}

export const sectionRouter = router({
  /** A course's sections in order; learners see the published ones of a course they may see. */
  listByCourse: publicProcedure
    .input(coursePathSchema)
    .output(z.array(sectionOutput))
    .query(({ ctx, input }) => visibleSectionsOfCourse(ctx.platform.database.db, ctx.actor, input.path)),
  byPath: publicProcedure
    .input(sectionPathSchema)
    .output(sectionOutput)
    .query(({ ctx, input }) => visibleSection(ctx.platform.database.db, ctx.actor, input.path)),
  ...historyProcedures({
    decider: sectionDecider,
    events: sectionEvents,
    owners: sectionOwnersByPath,
    shown: (state) => ({
      path: state.path,
      parentPath: state.parentPath,
      published: state.published,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
    shownOutput: sectionAsOfOutput,
  }),
  duplicate: signedInProcedure
    .input(sectionPathSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await duplicateSection(ctx.platform, ctx.actor, metaOf(ctx), input.path),
    })),
  create: signedInProcedure
    .input(createSectionSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await createSection(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  update: inputMutation(signedInProcedure, updateSectionSchema, updateSection),
  publish: pathMutation(signedInProcedure, sectionPathSchema, publishSection),
  unpublish: pathMutation(signedInProcedure, sectionPathSchema, unpublishSection),
  delete: pathMutation(signedInProcedure, sectionPathSchema, deleteSection),
  /**
   * The live classroom for who may enter it (server/classroom/classroom.ts): the meeting's Jitsi room
   * or Zoom signature, the participant's display name, and whether they may run the countdown.
   */
  classroom: publicProcedure
    .input(classroomInput)
    .output(classroomViewOutput)
    .query(({ ctx, input }) =>
      classroomView(ctx.platform.database.db, ctx.platform.config, ctx.actor, input, new Date()),
    ),
  breakoutRoom: publicProcedure
    .input(breakoutRoomInput)
    .output(breakoutRoomViewOutput)
    .query(({ ctx, input }) =>
      breakoutRoomView(ctx.platform.database.db, ctx.platform.config, ctx.actor, input, new Date()),
    ),
  /** The breakout countdown, with the server's clock: polled by every screen that shows it, any instance answers. */
  countdown: publicProcedure
    .input(sectionPathSchema)
    .output(countdownOutput)
    .query(({ ctx, input }) => classroomCountdown(ctx.platform.database.db, ctx.actor, input.path)),
  startCountdown: signedInProcedure
    .input(sectionPathSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => {
      await startCountdown(ctx.platform, ctx.actor, metaOf(ctx), input.path, new Date());
      return { path: input.path };
    }),
  stopCountdown: pathMutation(signedInProcedure, sectionPathSchema, stopCountdown),
  /** Saves the course's section order (the list of section paths). */
  order: inputMutation(signedInProcedure, reorderSectionsSchema, orderSections),
});
