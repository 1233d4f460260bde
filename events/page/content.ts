import { z } from 'zod';
import { optionalText, requiredText, webUrl } from '../shared/fields';
import { captionTracksSchema, storedCaptionTracksSchema } from './captions';
import {
  fillBlanksFields,
  fillBlanksPublic,
  type PublicGap,
  refineFillBlanks,
} from './question-types/fill-blanks';
import {
  type MatchingPublic,
  matchingFields,
  matchingPublic,
  refineMatching,
} from './question-types/matching';
import { numericFields } from './question-types/numeric';
import { orderingFields, orderingPublic, refineOrdering } from './question-types/ordering';
import { shortAnswerFields } from './question-types/short-answer';
import { DEFAULT_VIDEO_TIME_SECONDS } from './video-time';

/**
 * A page's content: a list of form elements (docs/guide/modules-and-pages.md#pages). Text and video
 * blocks carry what learners read or watch; question elements carry what they answer and how it
 * scores. The element `name` is the key of the answer in a result, so it is unique on a page.
 */
const elementName = z
  .string()
  .min(1, 'validation.required')
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'pageErrors.elementName');

export const optionSchema = z.object({
  label: requiredText(1000),
  value: z.string().trim().min(1, 'validation.required').max(200),
  /** Points for choosing this option; negative scores penalise wrong choices. */
  score: z.number().int('validation.wholeNumber').min(-1000).max(1000),
  /** Shown after a check that chose this option, when the module's checkReveals allows it. */
  feedback: optionalText(5000).default(''),
});

export const questionSettingsSchema = z.object({
  /** Reveal the correct answers as soon as the participant has answered. */
  autoShow: z.boolean().default(false),
  /** Attempts allowed before the question locks (0 = unlimited). */
  attempts: z.number().int('validation.wholeNumber').min(0).max(100).default(0),
  /** Shown once the attempts are used up. */
  info: optionalText(5000).default(''),
  /** The most an open answer can score when a teacher scores it by hand. */
  maxScore: z.number().int('validation.wholeNumber').min(0).max(1000).default(1),
});

/** Question types without options keep an empty list, so every question has the same outline. */
const noOptions = z.array(optionSchema).max(0).default([]);

const question = {
  name: elementName,
  label: requiredText(2000),
  // Every setting has a default, so a question may come without any (integrators, imports).
  schema: questionSettingsSchema.prefault({}),
};

export const markdownElementSchema = z.object({
  type: z.literal('markdown'),
  name: elementName,
  text: optionalText(100_000),
});
export const videoElementSchema = z.object({
  type: z.literal('video'),
  name: elementName,
  url: webUrl(),
  tracks: captionTracksSchema,
});
export const singleChoiceSchema = z.object({
  type: z.literal('radio'),
  questionType: z.literal('single'),
  ...question,
  options: z.array(optionSchema).min(2, 'pageErrors.optionsMin').max(50),
});
export const multipleChoiceSchema = z.object({
  type: z.literal('checkbox'),
  questionType: z.literal('multiple'),
  ...question,
  options: z.array(optionSchema).min(2, 'pageErrors.optionsMin').max(50),
});
export const openQuestionSchema = z.object({
  type: z.literal('textarea'),
  questionType: z.literal('open'),
  ...question,
  options: noOptions,
});

export const numericQuestionSchema = z.object({
  type: z.literal('numeric'),
  questionType: z.literal('numeric'),
  ...question,
  options: noOptions,
  ...numericFields,
});
export const shortAnswerQuestionSchema = z.object({
  type: z.literal('shortText'),
  questionType: z.literal('short'),
  ...question,
  options: noOptions,
  ...shortAnswerFields,
});

export const matchingQuestionSchema = z
  .object({
    type: z.literal('matching'),
    questionType: z.literal('matching'),
    ...question,
    options: noOptions,
    ...matchingFields,
  })
  .superRefine(refineMatching);
export const orderingQuestionSchema = z
  .object({
    type: z.literal('ordering'),
    questionType: z.literal('ordering'),
    ...question,
    options: noOptions,
    ...orderingFields,
  })
  .superRefine(refineOrdering);
export const fillBlanksQuestionSchema = z
  .object({
    type: z.literal('fillBlanks'),
    questionType: z.literal('fillBlanks'),
    ...question,
    options: noOptions,
    ...fillBlanksFields,
  })
  .superRefine(refineFillBlanks);

export const elementSchema = z.discriminatedUnion('type', [
  markdownElementSchema,
  videoElementSchema,
  singleChoiceSchema,
  multipleChoiceSchema,
  openQuestionSchema,
  numericQuestionSchema,
  shortAnswerQuestionSchema,
  matchingQuestionSchema,
  orderingQuestionSchema,
  fillBlanksQuestionSchema,
]);
export type Element = z.output<typeof elementSchema>;
export type QuestionElement = Extract<Element, { questionType: string }>;

export const isQuestion = (element: Element): element is QuestionElement => 'questionType' in element;

/** hh/mm/ss as the admin types them (hours ≥ 0, minutes and seconds 0–59). */
export const timestampInputSchema = z.object({
  hh: z.number().int('validation.wholeNumber').min(0, 'pageErrors.hoursMin').max(99),
  mm: z
    .number()
    .int('validation.wholeNumber')
    .min(0, 'pageErrors.minutesRange')
    .max(59, 'pageErrors.minutesRange'),
  ss: z
    .number()
    .int('validation.wholeNumber')
    .min(0, 'pageErrors.secondsRange')
    .max(59, 'pageErrors.secondsRange'),
  /** Names of the page's questions shown when playback pauses here. */
  references: z.array(elementName).max(50).default([]),
});

const timestampSchema = timestampInputSchema.extend({ timestampInSeconds: z.number().int().min(0) });

export const toSeconds = ({ hh, mm, ss }: { hh: number; mm: number; ss: number }) => hh * 3600 + mm * 60 + ss;

export { DEFAULT_VIDEO_TIME_SECONDS };

export const interactiveVideoInputSchema = z.object({
  show: z.boolean().default(true),
  url: webUrl(),
  /** Expected watch time in seconds. */
  videoTime: z.number().int().min(0).max(86_400).default(DEFAULT_VIDEO_TIME_SECONDS),
  timestamps: z.array(timestampInputSchema).max(200).default([]),
  tracks: captionTracksSchema,
});

export const interactiveVideoSchema = z.object({
  show: z.boolean(),
  url: z.string(),
  videoTime: z.number().int().min(0),
  timestamps: z.array(timestampSchema),
  tracks: storedCaptionTracksSchema,
});
export type InteractiveVideo = z.output<typeof interactiveVideoSchema>;

/** What a participant never receives before the rules allow it: scores, feedback, accepted answers. */
type AnswerKeyField = 'accepted';
type PublicOption = { label: string; value: string; score?: number; feedback?: string };
type PublicQuestion<Q> = Q extends QuestionElement
  ? Omit<Q, 'options' | AnswerKeyField> & { options: PublicOption[] } & Partial<
        Pick<Q, Extract<keyof Q, AnswerKeyField>>
      >
  : never;
type Typed<T extends QuestionElement['questionType']> = Extract<QuestionElement, { questionType: T }>;
type Shared<Q extends QuestionElement> = Pick<Q, 'type' | 'questionType' | 'name' | 'label' | 'schema'> & {
  options: PublicOption[];
};

/**
 * The newer types show the learner another shape than the author's: matching its prompts and matches
 * under ids that do not name the pairs, ordering its items shuffled (`shuffled`, never the author's
 * order), fill-in-the-blanks its gaps without accepted texts or scores.
 */
export type PublicMatching = Shared<Typed<'matching'>> & MatchingPublic;
export type PublicOrdering = Shared<Typed<'ordering'>> & { shuffled: { value: string; label: string }[] };
export type PublicFillBlanks = Shared<Typed<'fillBlanks'>> & { text: string; gaps: PublicGap[] };
type Reshaped = PublicMatching | PublicOrdering | PublicFillBlanks;

/**
 * A question as a participant receives it: without the answer key. Who edits it gets it whole, which
 * for the reshaped types is another shape (`learnerView` turns it into the learner's).
 */
export type PublicElement =
  | Exclude<Element, QuestionElement>
  | PublicQuestion<Exclude<QuestionElement, Typed<Reshaped['questionType']>>>
  | Reshaped
  | Typed<Reshaped['questionType']>;

const shared = <Q extends QuestionElement>({ type, questionType, name, label, schema }: Q) =>
  ({ type, questionType, name, label, schema, options: [] }) as unknown as Shared<Q>;

/**
 * One question as a participant receives it. `seed` shuffles a matching question's matches per
 * participant (test modules shuffling answers); an ordering question is always shuffled, by the
 * seed or else by its name, so it never arrives in the right order.
 */
export function publicQuestion(element: QuestionElement, seed?: string): PublicElement {
  switch (element.questionType) {
    case 'matching':
      return { ...shared(element), ...matchingPublic(element, seed) };
    case 'ordering':
      return { ...shared(element), shuffled: orderingPublic(element, seed ?? element.name).items };
    case 'fillBlanks':
      return { ...shared(element), ...fillBlanksPublic(element) };
    default: {
      const { accepted: _key, ...rest } = element as QuestionElement & { accepted?: unknown };
      return {
        ...rest,
        options: element.options.map(({ label, value }) => ({ label, value })),
      } as PublicElement;
    }
  }
}

/**
 * Strips the answer key from a page's elements before they go to someone who may not see it;
 * `seed` (the participant's, in a test module that shuffles answers) is joined with each name.
 */
export const withoutAnswerKey = (elements: Element[], seed?: string): PublicElement[] =>
  elements.map((element) =>
    isQuestion(element)
      ? publicQuestion(element, seed === undefined ? undefined : `${seed}:${element.name}`)
      : element,
  );
