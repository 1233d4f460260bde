import { z } from 'zod';
import {
  elementSchema,
  fillBlanksQuestionSchema,
  interactiveVideoSchema,
  markdownElementSchema,
  matchingQuestionSchema,
  multipleChoiceSchema,
  numericQuestionSchema,
  openQuestionSchema,
  orderingQuestionSchema,
  shortAnswerQuestionSchema,
  singleChoiceSchema,
  videoElementSchema,
} from '../../events/page/content';
import { pageDetailsSchema, pageTypes } from '../../events/page/events';
import { numericFields } from '../../events/page/question-types/numeric';
import { shortAnswerFields } from '../../events/page/question-types/short-answer';
import { shapeOf } from '../outputs';

/**
 * A page's elements (events/page/content.ts) as readers receive them: `elementOutput` the stored
 * shape (see `shapeOf`), `publicElementOutput` a question without its answer key (scores, feedback
 * and accepted answers only where the reader may see them).
 */
const elementOutput = shapeOf(elementSchema);

/** An option as a participant receives it; its score and feedback only where the reader may see them. */
const publicOption = z.object({
  label: z.string(),
  value: z.string(),
  score: z.number().optional(),
  feedback: z.string().optional(),
});

/** A question without its answer key; its accepted answers only where the reader may see them. */
const publicQuestion = <S extends z.ZodRawShape>(schema: z.ZodObject<S>) =>
  shapeOf(schema).extend({ options: z.array(publicOption) });

const label = z.object({ value: z.string(), label: z.string() });
const reshaped = {
  type: true,
  questionType: true,
  name: true,
  label: true,
  schema: true,
  options: true,
} as const;

/**
 * As `PublicElement` types it: a question of any kind without the fields of its answer key; the
 * types a learner sees in another shape (content.ts `publicQuestion`) whole first, as their editors
 * receive them, then as a learner does.
 */
export const publicElementOutput = z.union([
  shapeOf(matchingQuestionSchema),
  shapeOf(orderingQuestionSchema),
  shapeOf(fillBlanksQuestionSchema),
  publicQuestion(matchingQuestionSchema)
    .pick(reshaped)
    .extend({ prompts: z.array(label), matches: z.array(label) }),
  publicQuestion(orderingQuestionSchema)
    .pick(reshaped)
    .extend({ shuffled: z.array(label) }),
  publicQuestion(fillBlanksQuestionSchema)
    .pick(reshaped)
    .extend({
      text: z.string(),
      gaps: z.array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('text') }),
          z.object({ kind: z.literal('select'), options: z.array(label) }),
        ]),
      ),
    }),
  shapeOf(markdownElementSchema),
  shapeOf(videoElementSchema),
  publicQuestion(singleChoiceSchema),
  publicQuestion(multipleChoiceSchema),
  publicQuestion(openQuestionSchema),
  publicQuestion(numericQuestionSchema).extend({ accepted: shapeOf(numericFields.accepted).optional() }),
  publicQuestion(shortAnswerQuestionSchema).extend({
    accepted: shapeOf(shortAnswerFields.accepted).optional(),
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
