import { z } from 'zod';
import { courseDetailsSchema } from '../../events/course/events';
import { imageOutput, shapeOf } from '../outputs';

/** A course's details as its form holds them: the event's fields, the shape only (see `shapeOf`). */
const courseDetailsOutput = shapeOf(courseDetailsSchema);

export const courseSummaryOutput = courseDetailsOutput.extend({
  courseId: z.string(),
  path: z.string(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One course with what the caller may do with it. */
export const courseWithRightsOutput = courseSummaryOutput.extend({
  rights: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    history: z.boolean(),
    certificates: z.boolean(),
    certify: z.boolean(),
    assignOwners: z.boolean(),
    assignParticipants: z.boolean(),
  }),
});

const member = z.object({ userId: z.string(), name: z.string(), image: imageOutput, anonymous: z.boolean() });

/** The course team: owners, and participants when the course shows them (null otherwise). */
export const courseTeamOutput = z.object({
  owners: z.array(member.extend({ description: z.string().nullable(), profession: z.string().nullable() })),
  participants: z.array(member).nullable(),
});

/** A course as it was at a moment (time travel). */
export const courseAsOfOutput = courseDetailsOutput.extend({
  path: z.string(),
  published: z.boolean(),
  owners: z.array(z.string()),
  deleted: z.boolean(),
});

/** A course's copy or translation: its path, and what became of the original's modules (server/course/commands.ts). */
export const copiedCourseOutput = z.object({
  path: z.string(),
  modules: z.object({
    made: z.array(z.string()),
    linked: z.array(z.string()),
    leftOut: z.array(z.object({ path: z.string(), reason: z.enum(['notOpened', 'notLinkable']) })),
  }),
});

/** A course's settings draft for its editors: whether learners see the course, and the draft. */
export const courseDraftStateOutput = z.object({
  live: z.boolean(),
  draft: z
    .object({ details: courseDetailsOutput, savedAt: z.string(), savedBy: z.string().nullable() })
    .nullable(),
});
