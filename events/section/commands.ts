import { z } from 'zod';
import {
  dateValueSchema,
  imageInputSchema,
  languageSchema,
  optionalText,
  pathSchema,
  requiredText,
} from '../shared/fields';
import { breakoutRoomSchema, recordingSchema, type SectionDetails } from './events';

const isBefore = (end: string, start: string) => Date.parse(end) < Date.parse(start);

export const classroomInputSchema = z
  .object({
    name: requiredText(200),
    type: z.enum(['zoom', 'jitsi'], { message: 'section.classroomType' }),
    startdate: dateValueSchema.nullable().default(null),
    enddate: dateValueSchema.nullable().default(null),
    meetingId: optionalText(200).default(''),
    pwd: optionalText(200).default(''),
    extraInfo: optionalText(5000).default(''),
    recordings: z.array(recordingSchema).max(100).default([]),
    breakoutrooms: z.array(breakoutRoomSchema).max(100).default([]),
    breakoutroomCountdown: z.number().int().min(0).max(600).default(0),
    breakoutroomCountdownStarted: dateValueSchema.nullable().default(null),
    breakoutroomInfo: optionalText(5000).default(''),
  })
  .refine((room) => !room.startdate || !room.enddate || !isBefore(room.enddate, room.startdate), {
    path: ['enddate'],
    message: 'course.enddateBeforeStartdate',
  });

/**
 * The section form. A section always says which language it is in: the specification reads
 * 'language required' in one place and not in another, and the stricter reading holds
 * (docs/adr/0011-sections-require-a-language.md).
 */
export const sectionInputSchema = z.object({
  name: requiredText(200),
  language: languageSchema,
  info: optionalText(20_000).default(''),
  originId: z.string().nullable().default(null),
  date: dateValueSchema.nullable().default(null),
  location: optionalText(500).default(''),
  teacher: optionalText(500).default(''),
  public: z.boolean().default(true),
  image: imageInputSchema.nullable().default(null),
  classroom: classroomInputSchema.nullable().default(null),
});

/** A new section of a course: published unless `published` is false. */
export const createSectionSchema = z.object({
  path: pathSchema.optional(),
  published: z.boolean().optional(),
  parentType: z.literal('course'),
  parentPath: pathSchema,
  section: sectionInputSchema,
});
export const updateSectionSchema = z.object({ path: pathSchema, section: sectionInputSchema });
export const sectionPathSchema = z.object({ path: pathSchema });
export const reorderSectionsSchema = z.object({ path: pathSchema, sections: z.array(pathSchema).max(500) });

export type SectionCommand =
  | {
      type: 'CreateSection';
      data: {
        sectionId: string;
        path: string;
        parentPath: string;
        details: SectionDetails;
        /** Left out: published, as every new section is by default. */
        published?: boolean;
      };
    }
  /** With `published`, the publication changes in the same decision (one batch of events). */
  | { type: 'UpdateSection'; data: { details: SectionDetails; published?: boolean } }
  | { type: 'PublishSection' }
  | { type: 'UnpublishSection' }
  | { type: 'DeleteSection' }
  /** `startedAt` is the server's clock, read by the caller so the decider stays pure. */
  | { type: 'StartBreakoutCountdown'; data: { startedAt: string } }
  | { type: 'StopBreakoutCountdown' }
  | SectionLinkCommand;

/** Links to modules and files kept on the section's stream (docs/guide/users-and-roles.md, Linking content). */
export type SectionLinkCommand =
  | { type: 'LinkModule'; data: { moduleId: string; modulePath: string } }
  | { type: 'UnlinkModule'; data: { moduleId: string; modulePath: string } }
  | { type: 'OrderModules'; data: { modules: string[] } }
  | { type: 'LinkFile'; data: { fileId: string; filePath: string } }
  | { type: 'UnlinkFile'; data: { fileId: string; filePath: string } };
