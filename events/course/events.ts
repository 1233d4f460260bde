import { z } from 'zod';
import type { CourseCertificateConfiguredEvent } from '../certificate/events';
import { defineEvent, type EventOf } from '../define';
import {
  dateValueSchema,
  imageSchema,
  languageSchema,
  optionalText,
  pathSchema,
  requiredText,
} from '../shared/fields';

/**
 * Every editable field of a course (docs/guide/building-a-course.md), all present: events carry no
 * optional fields.
 */
export const courseDetailsSchema = z.object({
  name: requiredText(200),
  language: languageSchema,
  info: optionalText(20_000),
  originId: z.string().nullable(),
  showUserList: z.boolean(),
  showTeam: z.boolean(),
  location: optionalText(500),
  startdate: dateValueSchema.nullable(),
  enddate: dateValueSchema.nullable(),
  teacher: optionalText(500),
  public: z.boolean(),
  onHome: z.boolean(),
  image: imageSchema.nullable(),
});
export type CourseDetails = z.infer<typeof courseDetailsSchema>;

const courseRef = { courseId: z.uuid(), path: pathSchema };

export const CourseCreated = defineEvent(
  'CourseCreated',
  z.object({ ...courseRef, ...courseDetailsSchema.shape, published: z.boolean() }),
);
export const CourseUpdated = defineEvent(
  'CourseUpdated',
  z.object({ ...courseRef, ...courseDetailsSchema.shape }),
);
export const CoursePublished = defineEvent('CoursePublished', z.object(courseRef));
export const CourseUnpublished = defineEvent('CourseUnpublished', z.object(courseRef));
export const CourseDeleted = defineEvent('CourseDeleted', z.object({ ...courseRef, name: z.string() }));

/** An owner (a teacher) may edit and delete the course without the general edit/delete rights. */
export const CourseOwnerAdded = defineEvent(
  'CourseOwnerAdded',
  z.object({ ...courseRef, userId: z.string().min(1) }),
);
export const CourseOwnerRemoved = defineEvent(
  'CourseOwnerRemoved',
  z.object({ ...courseRef, userId: z.string().min(1) }),
);

/** The learner-facing order of the course's sections, as the full list of their paths. */
export const CourseSectionsOrdered = defineEvent(
  'CourseSectionsOrdered',
  z.object({ ...courseRef, sections: z.array(pathSchema) }),
);

/** A module or file linked to the course; the course's stream owns its list of items. */
const moduleRef = { moduleId: z.uuid(), modulePath: pathSchema };
const fileRef = { fileId: z.uuid(), filePath: pathSchema };
export const CourseModuleLinked = defineEvent('CourseModuleLinked', z.object({ ...courseRef, ...moduleRef }));
export const CourseModuleUnlinked = defineEvent(
  'CourseModuleUnlinked',
  z.object({ ...courseRef, ...moduleRef }),
);
/** The learner-facing order of the course's modules, as the full list of their paths. */
export const CourseModulesOrdered = defineEvent(
  'CourseModulesOrdered',
  z.object({ ...courseRef, modules: z.array(pathSchema) }),
);
export const CourseFileLinked = defineEvent('CourseFileLinked', z.object({ ...courseRef, ...fileRef }));
export const CourseFileUnlinked = defineEvent('CourseFileUnlinked', z.object({ ...courseRef, ...fileRef }));

/**
 * Changes to the settings of a course learners can see (it is published) are kept as a draft
 * (docs/adr/0019-drafts-of-live-content.md): saved whole, published or discarded.
 */
export const CourseDraftSaved = defineEvent(
  'CourseDraftSaved',
  z.object({ ...courseRef, ...courseDetailsSchema.shape }),
);
export const CourseDraftDiscarded = defineEvent(
  'CourseDraftDiscarded',
  z.object({ ...courseRef, name: z.string() }),
);
/** The draft became the course's settings: what learners see from now on. */
export const CourseChangesPublished = defineEvent(
  'CourseChangesPublished',
  z.object({ ...courseRef, ...courseDetailsSchema.shape }),
);

export const courseEventDefinitions = [
  CourseSectionsOrdered,
  CourseCreated,
  CourseUpdated,
  CoursePublished,
  CourseUnpublished,
  CourseDeleted,
  CourseOwnerAdded,
  CourseOwnerRemoved,
  CourseModuleLinked,
  CourseModuleUnlinked,
  CourseModulesOrdered,
  CourseFileLinked,
  CourseFileUnlinked,
  CourseDraftSaved,
  CourseDraftDiscarded,
  CourseChangesPublished,
];

export type CourseEvent =
  | EventOf<typeof CourseCreated>
  | EventOf<typeof CourseUpdated>
  | EventOf<typeof CoursePublished>
  | EventOf<typeof CourseUnpublished>
  | EventOf<typeof CourseDeleted>
  | EventOf<typeof CourseOwnerAdded>
  | EventOf<typeof CourseOwnerRemoved>
  | EventOf<typeof CourseSectionsOrdered>
  | EventOf<typeof CourseModuleLinked>
  | EventOf<typeof CourseModuleUnlinked>
  | EventOf<typeof CourseModulesOrdered>
  | EventOf<typeof CourseFileLinked>
  | EventOf<typeof CourseFileUnlinked>
  | EventOf<typeof CourseDraftSaved>
  | EventOf<typeof CourseDraftDiscarded>
  | EventOf<typeof CourseChangesPublished>
  | CourseCertificateConfiguredEvent;

export const courseStream = (courseId: string) => `course-${courseId}`;
