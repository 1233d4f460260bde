import { z } from 'zod';
import { pageTypes } from '../../events/page/events';

/**
 * A page's elements (events/page/content.ts) as readers receive them. `publicElementOutput` is a
 * question without its answer key: an option's score only where the reader may see it.
 */
const settings = z.object({
  autoShow: z.boolean(),
  attempts: z.number(),
  info: z.string(),
  maxScore: z.number(),
});

const option = { label: z.string(), value: z.string() };
const question = { name: z.string(), label: z.string(), schema: settings };
const markdown = z.object({ type: z.literal('markdown'), name: z.string(), text: z.string() });
const video = z.object({ type: z.literal('video'), name: z.string(), url: z.string() });
const options = z.array(z.object({ ...option, score: z.number() }));

export const elementOutput = z.discriminatedUnion('type', [
  markdown,
  video,
  z.object({ type: z.literal('radio'), questionType: z.literal('single'), ...question, options }),
  z.object({ type: z.literal('checkbox'), questionType: z.literal('multiple'), ...question, options }),
  z.object({ type: z.literal('textarea'), questionType: z.literal('open'), ...question, options }),
]);

/** As `PublicElement` types it: a question of any kind, its options' scores optional. */
export const publicElementOutput = z.union([
  markdown,
  video,
  z.object({
    type: z.enum(['radio', 'checkbox', 'textarea']),
    questionType: z.enum(['single', 'multiple', 'open']),
    ...question,
    options: z.array(z.object({ ...option, score: z.number().optional() })),
  }),
]);

export const interactiveVideoOutput = z
  .object({
    show: z.boolean(),
    url: z.string(),
    videoTime: z.number(),
    timestamps: z.array(
      z.object({
        hh: z.number(),
        mm: z.number(),
        ss: z.number(),
        references: z.array(z.string()),
        timestampInSeconds: z.number(),
      }),
    ),
  })
  .nullable();

export const pageTypeOutput = z.enum(pageTypes);

/** A page as a participant reads it (no answer key). */
export const pageOutput = z.object({
  pageId: z.string(),
  path: z.string(),
  parentPath: z.string(),
  position: z.number(),
  name: z.string(),
  type: pageTypeOutput,
  content: z.array(publicElementOutput),
  interactiveVideo: interactiveVideoOutput,
  estimatedTime: z.number(),
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
  name: z.string(),
  type: pageTypeOutput,
  content: z.array(elementOutput),
  interactiveVideo: interactiveVideoOutput,
  estimatedTime: z.number(),
});
