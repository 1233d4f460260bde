import { z } from 'zod';
import { coursePathSchema } from '../../events/course/commands';
import {
  createSectionSchema,
  reorderSectionsSchema,
  sectionPathSchema,
  updateSectionSchema,
} from '../../events/section/commands';
import { sectionDecider } from '../../events/section/decider';
import { sectionStream } from '../../events/section/events';
import { pathSchema } from '../../events/shared/fields';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { courseIdByPath } from '../../projections/course/course-summaries';
import { findSectionByPath } from '../../projections/section/section-summaries';
import { breakoutRoomView, classroomCountdown, classroomView } from '../classroom/classroom';
import { startCountdown, stopCountdown } from '../classroom/countdown';
import { contentProcedures, parentOwners } from '../content/procedures';
import { inputMutation, pathMutation, publicProcedure, router, signedInProcedure } from '../trpc';
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

/** A section belongs to its course: the course's owners are the section's. */
const sectionProcedures = contentProcedures({
  path: sectionPathSchema,
  notFound: 'section.notFound',
  find: findSectionByPath,
  stream: (section) => sectionStream(section.sectionId),
  owners: parentOwners(courseIdByPath, ownersOfCourse),
  rights: { create: signedInProcedure, change: 'handler' },
  read: { output: sectionOutput, query: visibleSection },
  history: {
    decider: sectionDecider,
    shown: (state) => ({
      path: state.path,
      parentPath: state.parentPath,
      published: state.published,
      deleted: state.status === 'deleted',
      ...state.details,
    }),
    output: sectionAsOfOutput,
  },
  create: { input: createSectionSchema, command: createSection },
  update: { input: updateSectionSchema, command: updateSection },
  delete: deleteSection,
  duplicate: duplicateSection,
  publishing: { publish: publishSection, unpublish: unpublishSection },
});

export const sectionRouter = router({
  /** A course's sections in order; learners see the published ones of a course they may see. */
  listByCourse: publicProcedure
    .input(coursePathSchema)
    .output(z.array(sectionOutput))
    .query(({ ctx, input }) => visibleSectionsOfCourse(ctx.platform.database.db, ctx.actor, input.path)),
  ...sectionProcedures,
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
  startCountdown: pathMutation(signedInProcedure, sectionPathSchema, (platform, actor, meta, path) =>
    startCountdown(platform, actor, meta, path, new Date()),
  ),
  stopCountdown: pathMutation(signedInProcedure, sectionPathSchema, stopCountdown),
  /** Saves the course's section order (the list of section paths). */
  order: inputMutation(signedInProcedure, reorderSectionsSchema, orderSections),
});
