import { z } from 'zod';
import {
  elementSchema,
  interactiveVideoSchema,
  markdownElementSchema,
  optionSchema,
  questionSettingsSchema,
  videoElementSchema,
} from '../../events/page/content';
import { pageDetailsSchema, pageTypes } from '../../events/page/events';
import { shapeOf } from '../outputs';

/**
 * A page's elements (events/page/content.ts) as readers receive them: `elementOutput` the stored
 * shape (see `shapeOf`), `publicElementOutput` a question without its answer key: an option's score
 * only where the reader may see it.
 */
const elementOutput = shapeOf(elementSchema);

const question = { name: z.string(), label: z.string(), schema: shapeOf(questionSettingsSchema) };

/** As `PublicElement` types it: a question of any kind, its options' scores optional. */
export const publicElementOutput = z.union([
  shapeOf(markdownElementSchema),
  shapeOf(videoElementSchema),
  z.object({
    type: z.enum(['radio', 'checkbox', 'textarea']),
    questionType: z.enum(['single', 'multiple', 'open']),
    ...question,
    options: z.array(shapeOf(optionSchema).extend({ score: z.number().optional() })),
  }),
]);

export const interactiveVideoOutput = shapeOf(interactiveVideoSchema).nullable();

/** A page's details: the event's fields, the shape only. */
const pageDetailsOutput = shapeOf(pageDetailsSchema);

export const pageTypeOutput = z.enum(pageTypes);

/** A page as a participant reads it (no answer key). */
export const pageOutput = z.object({
  pageId: z.string(),
  path: z.string(),
  parentPath: z.string(),
  position: z.number(),
  ...pageDetailsOutput.shape,
  content: z.array(publicElementOutput),
  updatedAt: z.string(),
});

/** The pages of a module as its editors' list reads them (no answer key). */
export const pageSummaryOutput = pageOutput.extend({
  parentType: z.literal('module'),
  createdAt: z.string(),
});

/** The page with its answer key, for the editor. */
export const editablePageOutput = pageOutput.extend({ content: z.array(elementOutput) });

/** A page as it was at a moment (time travel), answer key included (history readers edit it). */
export const pageAsOfOutput = z.object({
  path: z.string(),
  parentPath: z.string(),
  deleted: z.boolean(),
  ...pageDetailsOutput.shape,
});

/** A page's draft state for its editors: whether learners see the page, and the draft kept beside it. */
export const pageDraftStateOutput = z.object({
  live: z.boolean(),
  draft: pageDetailsOutput.extend({ savedAt: z.string(), savedBy: z.string().nullable() }).nullable(),
});
