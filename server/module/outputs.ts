import { z } from 'zod';
import { moduleDetailsSchema } from '../../events/module/events';
import { shapeOf } from '../outputs';
import { pageTypeOutput } from '../page/outputs';

/** A module's details as its form holds them: the event's fields, the shape only (see `shapeOf`). */
const moduleDetailsOutput = shapeOf(moduleDetailsSchema);

export const moduleSummaryOutput = moduleDetailsOutput.extend({
  moduleId: z.string(),
  path: z.string(),
  published: z.boolean(),
  estimatedTime: z.number(),
  pageCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The admin list adds where each module is used (null on the learners' list). */
export const moduleListItemOutput = moduleSummaryOutput.extend({
  usedIn: z
    .array(
      z.object({
        parentType: z.enum(['course', 'section']),
        path: z.string(),
        name: z.string(),
        course: z.object({ path: z.string(), name: z.string() }).nullable(),
      }),
    )
    .nullable(),
});

/** One module with its owners, its pages in order and what the caller may do with it. */
export const moduleDetailOutput = moduleSummaryOutput.extend({
  owners: z.array(z.string()),
  pages: z.array(
    z.object({
      pageId: z.string(),
      path: z.string(),
      name: z.string(),
      type: pageTypeOutput,
      estimatedTime: z.number(),
      position: z.number(),
    }),
  ),
  rights: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    history: z.boolean(),
    score: z.boolean(),
    certify: z.boolean(),
    assignOwners: z.boolean(),
    assignParticipants: z.boolean(),
    answerKey: z.boolean(),
    results: z.boolean(),
  }),
  courseTeacher: z.boolean(),
});

/** A module as it was at a moment (time travel). */
export const moduleAsOfOutput = moduleDetailsOutput.extend({
  path: z.string(),
  published: z.boolean(),
  owners: z.array(z.string()),
  pages: z.array(z.string()),
  deleted: z.boolean(),
});

/** A module's settings draft for its editors: whether learners see the module, and the draft. */
export const moduleDraftStateOutput = z.object({
  live: z.boolean(),
  draft: z
    .object({ details: moduleDetailsOutput, savedAt: z.string(), savedBy: z.string().nullable() })
    .nullable(),
});
