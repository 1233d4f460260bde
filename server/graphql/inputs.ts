import { z } from 'zod';
import { courseInputSchema } from '../../events/course/commands';
import { fileInputSchema } from '../../events/file/commands';
import { moduleInputSchema } from '../../events/module/commands';
import { captionTrackSchema } from '../../events/page/captions';
import { pageInputSchema } from '../../events/page/commands';
import {
  elementSchema,
  interactiveVideoInputSchema,
  optionSchema,
  questionSettingsSchema,
  timestampInputSchema,
} from '../../events/page/content';
import { fillBlanksFields, gapSchema } from '../../events/page/question-types/fill-blanks';
import { matchingFields, matchingPairSchema } from '../../events/page/question-types/matching';
import { numericAcceptedSchema } from '../../events/page/question-types/numeric';
import { orderingFields } from '../../events/page/question-types/ordering';
import { shortAcceptedSchema } from '../../events/page/question-types/short-answer';
import { saveResultSchema, teacherResultSchema } from '../../events/result/commands';
import { roleActionsInputSchema, roleInputSchema } from '../../events/role/commands';
import { classroomInputSchema, sectionInputSchema } from '../../events/section/commands';
import { breakoutRoomSchema, recordingSchema } from '../../events/section/events';
import { imageInputSchema, pathSchema } from '../../events/shared/fields';
import { createUserSchema, profileSchema } from '../../events/user/commands';
import { ZodInputs } from './zod-input';

/**
 * The typed inputs of the create and update mutations, generated from the forms' zod schemas
 * (server/graphql/zod-input.ts). Each mutation takes one of them as `input`, beside the contract's
 * untyped `doc: JSON` that existing clients send; the value goes through the same schema either way.
 */
const inputs = new ZodInputs(
  new Map<z.core.$ZodType, string>([
    [imageInputSchema, 'ImageInput'],
    [elementSchema, 'PageElementInput'],
    [optionSchema, 'OptionInput'],
    [numericAcceptedSchema, 'NumericAcceptedInput'],
    [shortAcceptedSchema, 'ShortAcceptedInput'],
    [matchingPairSchema, 'MatchingPairInput'],
    // The parts the question types keep to themselves, reached through their exported fields.
    [matchingFields.distractors.unwrap().element, 'MatchingDistractorInput'],
    [orderingFields.items.element, 'OrderingItemInput'],
    [gapSchema, 'GapInput'],
    [fillBlanksFields.gaps.element.options[1].shape.options.element, 'GapOptionInput'],
    [questionSettingsSchema, 'QuestionSettingsInput'],
    [interactiveVideoInputSchema, 'InteractiveVideoInput'],
    [timestampInputSchema, 'TimestampInput'],
    [captionTrackSchema, 'CaptionTrackInput'],
    [classroomInputSchema, 'ClassroomInput'],
    [recordingSchema, 'RecordingInput'],
    [breakoutRoomSchema, 'BreakoutRoomInput'],
    [roleActionsInputSchema, 'RoleActionsInput'],
  ]),
  new Map([
    [
      elementSchema,
      "A question is `type: radio` with `questionType: single`, `checkbox` with `multiple`, `textarea` with `open`, `numeric` with `numeric` (`accepted`: a list of NumericAcceptedInput, `unit`), `shortText` with `short` (`accepted`: a list of ShortAcceptedInput, `caseSensitive`, `accentSensitive`), `matching` with `matching` (`pairs`: MatchingPairInput, each prompt with its right match; `distractors`: MatchingDistractorInput, extra matches), `ordering` with `ordering` (`items`: OrderingItemInput in the right order; `scoring`: all | position; `score`), `fillBlanks` with `fillBlanks` (`text` with the blanks as [[1]], [[2]]… in order; `gaps`: GapInput, one per blank, `kind: text` with `accepted` or `kind: select` with `options`); the contract's `type: question` with `questionType: radio | checkbox | text | numeric | shortText | matching | ordering | fillBlanks` is accepted too.",
    ],
  ]),
);

const published = z.boolean().optional();
const optionalPath = pathSchema.optional();

export const CourseInput = inputs.object('CourseInput', courseInputSchema, {
  extra: { path: optionalPath, published },
  description: 'A new course: the course form, optionally its `path` and `published` (default true).',
});
export const CourseUpdateInput = inputs.object('CourseUpdateInput', courseInputSchema, {
  extra: { published },
  partial: true,
  description:
    'The course fields to change; the others keep their values. `published` publishes or unpublishes.',
});

export const SectionInput = inputs.object('SectionInput', sectionInputSchema, {
  extra: {
    path: optionalPath,
    published,
    parentType: z.literal('course'),
    parentPath: pathSchema,
  },
  description:
    'A new section of the course `parentPath` (`parentType: "course"`): the section form, optionally its `path` and `published` (default true).',
});
export const SectionUpdateInput = inputs.object('SectionUpdateInput', sectionInputSchema, {
  extra: { published },
  partial: true,
  description:
    'The section fields to change; the others keep their values. `published` publishes or unpublishes.',
});

export const ModuleInput = inputs.object('ModuleInput', moduleInputSchema, {
  extra: { path: optionalPath, published },
  description: 'A new module: the module form, optionally its `path` and `published` (default true).',
});
export const ModuleUpdateInput = inputs.object('ModuleUpdateInput', moduleInputSchema, {
  extra: { published },
  partial: true,
  description:
    'The module fields to change; the others keep their values. `published` publishes or unpublishes.',
});

export const PageInput = inputs.object('PageInput', pageInputSchema, {
  extra: { path: optionalPath, parentType: z.literal('module'), parentPath: pathSchema },
  description:
    'A new page at the end of the module `parentPath` (`parentType: "module"`): name, type, content (typed elements), interactiveVideo, estimatedTime; optionally its `path`.',
});
export const PageUpdateInput = inputs.object('PageUpdateInput', pageInputSchema, {
  partial: true,
  description: 'The page fields to change; the others keep their values. A page stays in its module.',
});

export const FileInput = inputs.object('FileInput', fileInputSchema, {
  extra: {
    path: optionalPath,
    parentType: z.enum(['course', 'section']).optional(),
    parentPath: pathSchema.optional(),
  },
  description:
    'A new file: name, url, optionally type (else guessed from the url) and `path`; with `parentType` and `parentPath` it is linked there at once.',
});
export const FileUpdateInput = inputs.object('FileUpdateInput', fileInputSchema, {
  partial: true,
  description:
    'The file fields to change; the others keep their values. Links change through addItemToParent.',
});

export const RoleInput = inputs.object('RoleInput', roleInputSchema, {
  description: 'A new role: its name and the actions it allows (an action left out is not allowed).',
});
export const RoleUpdateInput = inputs.object('RoleUpdateInput', roleInputSchema, {
  partial: true,
  description: 'The actions to change (the others keep their values); a role keeps its name.',
});

export const UserInput = inputs.object('UserInput', profileSchema, {
  extra: { roles: createUserSchema.shape.roles },
  partial: true,
  description:
    "The profile fields to change (the others keep their values) and, with `roles`, the user's roles (the whole list).",
});

export const ResultInput = inputs.object('ResultInput', saveResultSchema.shape.result, {
  description:
    'The answers of one page: `answers` maps question names to a value (radio: an option value; checkbox: a list of values; text, numeric, shortText: a string; matching: a list of "<prompt value>=<match id>" with the match ids the page gives the participant; ordering: the item values in order; fillBlanks: one string per blank, a typed text or a chosen option value). `confirm` matters only with `saveResult(draft: true)`: it lists the questions whose answer counts (spends an attempt) instead of staying a draft.',
});
export const TeacherResultInput = inputs.object('TeacherResultInput', teacherResultSchema, {
  description:
    'Per question name, a score (`scores`, open questions only) and/or a feedback text (`feedback`; an empty text removes it).',
});
