import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import {
  dateValueSchema,
  imageSchema,
  languageSchema,
  optionalText,
  pathSchema,
  requiredText,
  webUrl,
} from '../shared/fields';

export const recordingSchema = z.object({
  url: webUrl(),
  titel: optionalText(300),
});
export const breakoutRoomSchema = z.object({
  name: requiredText(200),
  startdate: dateValueSchema.nullable(),
  /** The Jitsi room of the breakout (required). */
  jitsi: webUrl('section.jitsiRequired'),
  roomNumber: z.number().int().min(1).max(999),
  breakoutroomInteriorInfo: optionalText(5000),
});

/** The live part of a section (docs/guide/live-classrooms.md), all fields present. */
export const classroomSchema = z.object({
  name: requiredText(200),
  type: z.enum(['zoom', 'jitsi']),
  startdate: dateValueSchema.nullable(),
  enddate: dateValueSchema.nullable(),
  meetingId: optionalText(200),
  pwd: optionalText(200),
  extraInfo: optionalText(5000),
  recordings: z.array(recordingSchema).max(100),
  breakoutrooms: z.array(breakoutRoomSchema).max(100),
  breakoutroomCountdown: z.number().int().min(0).max(600),
  breakoutroomCountdownStarted: dateValueSchema.nullable(),
  breakoutroomInfo: optionalText(5000),
});
export type Classroom = z.infer<typeof classroomSchema>;

export const sectionDetailsSchema = z.object({
  name: requiredText(200),
  language: languageSchema,
  info: optionalText(20_000),
  originId: z.string().nullable(),
  date: dateValueSchema.nullable(),
  location: optionalText(500),
  teacher: optionalText(500),
  public: z.boolean(),
  image: imageSchema.nullable(),
  classroom: classroomSchema.nullable(),
});
export type SectionDetails = z.infer<typeof sectionDetailsSchema>;

const sectionRef = { sectionId: z.uuid(), path: pathSchema };

export const SectionCreated = defineEvent(
  'SectionCreated',
  z.object({
    ...sectionRef,
    parentType: z.literal('course'),
    parentPath: pathSchema,
    ...sectionDetailsSchema.shape,
    published: z.boolean(),
  }),
);
export const SectionUpdated = defineEvent(
  'SectionUpdated',
  z.object({ ...sectionRef, ...sectionDetailsSchema.shape }),
);
export const SectionPublished = defineEvent('SectionPublished', z.object(sectionRef));
export const SectionUnpublished = defineEvent('SectionUnpublished', z.object(sectionRef));
export const SectionDeleted = defineEvent(
  'SectionDeleted',
  z.object({ ...sectionRef, name: z.string(), parentPath: pathSchema }),
);

/** A module or file linked to the section; the section's stream owns its list of items. */
const moduleRef = { moduleId: z.uuid(), modulePath: pathSchema };
const fileRef = { fileId: z.uuid(), filePath: pathSchema };
export const SectionModuleLinked = defineEvent(
  'SectionModuleLinked',
  z.object({ ...sectionRef, ...moduleRef }),
);
export const SectionModuleUnlinked = defineEvent(
  'SectionModuleUnlinked',
  z.object({ ...sectionRef, ...moduleRef }),
);
/** The learner-facing order of the section's modules, as the full list of their paths. */
export const SectionModulesOrdered = defineEvent(
  'SectionModulesOrdered',
  z.object({ ...sectionRef, modules: z.array(pathSchema) }),
);
export const SectionFileLinked = defineEvent('SectionFileLinked', z.object({ ...sectionRef, ...fileRef }));
export const SectionFileUnlinked = defineEvent(
  'SectionFileUnlinked',
  z.object({ ...sectionRef, ...fileRef }),
);

/**
 * The breakout countdown (docs/guide/live-classrooms.md): an editor starts it, which stores the start (the
 * server's clock); it ends at start + minutes. Minutes are kept on the event so the history says
 * what was started even if the form's value changes later. Starting again restarts it.
 */
export const BreakoutCountdownStarted = defineEvent(
  'BreakoutCountdownStarted',
  z.object({
    ...sectionRef,
    startedAt: z.iso.datetime({ offset: true }),
    minutes: z.number().int().min(1).max(600),
  }),
);
export const BreakoutCountdownStopped = defineEvent('BreakoutCountdownStopped', z.object(sectionRef));

export const sectionEventDefinitions = [
  SectionCreated,
  SectionUpdated,
  SectionPublished,
  SectionUnpublished,
  SectionDeleted,
  SectionModuleLinked,
  SectionModuleUnlinked,
  SectionModulesOrdered,
  SectionFileLinked,
  SectionFileUnlinked,
  BreakoutCountdownStarted,
  BreakoutCountdownStopped,
];

export type SectionEvent =
  | EventOf<typeof SectionCreated>
  | EventOf<typeof SectionUpdated>
  | EventOf<typeof SectionPublished>
  | EventOf<typeof SectionUnpublished>
  | EventOf<typeof SectionDeleted>
  | EventOf<typeof SectionModuleLinked>
  | EventOf<typeof SectionModuleUnlinked>
  | EventOf<typeof SectionModulesOrdered>
  | EventOf<typeof SectionFileLinked>
  | EventOf<typeof SectionFileUnlinked>
  | EventOf<typeof BreakoutCountdownStarted>
  | EventOf<typeof BreakoutCountdownStopped>;

export const sectionStream = (sectionId: string) => `section-${sectionId}`;
