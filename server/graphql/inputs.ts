import { z } from 'zod';
import { courseInputSchema } from '../../events/course/commands';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';
import {
  elementSchema,
  interactiveVideoInputSchema,
  optionSchema,
  questionSettingsSchema,
  timestampInputSchema,
} from '../../events/page/content';
import { classroomInputSchema, sectionInputSchema } from '../../events/section/commands';
import { breakoutRoomSchema, recordingSchema } from '../../events/section/events';
import { imageSchema, pathSchema } from '../../events/shared/fields';
import { ZodInputs } from './zod-input';

/**
 * The typed inputs of the create and update mutations, generated from the forms' zod schemas
 * (server/graphql/zod-input.ts). Each mutation takes one of them as `input`, beside the contract's
 * untyped `doc: JSON` that existing clients send; the value goes through the same schema either way.
 */
const inputs = new ZodInputs(
  new Map<z.core.$ZodType, string>([
    [imageSchema, 'ImageInput'],
    [elementSchema, 'PageElementInput'],
    [optionSchema, 'OptionInput'],
    [questionSettingsSchema, 'QuestionSettingsInput'],
    [interactiveVideoInputSchema, 'InteractiveVideoInput'],
    [timestampInputSchema, 'TimestampInput'],
    [classroomInputSchema, 'ClassroomInput'],
    [recordingSchema, 'RecordingInput'],
    [breakoutRoomSchema, 'BreakoutRoomInput'],
  ]),
  new Map([
    [
      elementSchema,
      "A question is `type: radio` with `questionType: single`, `checkbox` with `multiple`, `textarea` with `open`; the contract's `type: question` with `questionType: radio | checkbox | text` is accepted too.",
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
