import { z } from 'zod';
import type { CertificateConfig } from '../certificate/config';
import {
  dateValueSchema,
  imageInputSchema,
  languageSchema,
  optionalText,
  pathSchema,
  requiredText,
} from '../shared/fields';
import type { CourseDetails } from './events';

const isBefore = (end: string, start: string) => Date.parse(end) < Date.parse(start);

/**
 * The course form (docs/guide/building-a-course.md): the same schema validates the admin form in the browser
 * and the command on the server.
 */
export const courseInputSchema = z
  .object({
    name: requiredText(200),
    language: languageSchema,
    info: optionalText(20_000).default(''),
    originId: z.string().nullable().default(null),
    showUserList: z.boolean().default(false),
    showTeam: z.boolean().default(true),
    location: optionalText(500).default(''),
    startdate: dateValueSchema.nullable().default(null),
    enddate: dateValueSchema.nullable().default(null),
    teacher: optionalText(500).default(''),
    public: z.boolean().default(true),
    onHome: z.boolean().default(false),
    image: imageInputSchema.nullable().default(null),
  })
  .refine((course) => !course.startdate || !course.enddate || !isBefore(course.enddate, course.startdate), {
    path: ['enddate'],
    message: 'course.enddateBeforeStartdate',
  });
export type CourseInput = z.input<typeof courseInputSchema>;

/** A new course: published unless `published` is false. */
export const createCourseSchema = z.object({
  path: pathSchema.optional(),
  published: z.boolean().optional(),
  course: courseInputSchema,
});
export const updateCourseSchema = z.object({ path: pathSchema, course: courseInputSchema });
export const coursePathSchema = z.object({ path: pathSchema });
export const courseOwnerSchema = z.object({ path: pathSchema, userId: z.string().min(1).max(100) });
/**
 * Adding a course owner; `modules: true` also makes them owner of the course's modules (linked to
 * the course or to its sections) that the assigner may assign owners on. Left out, only the course.
 */
export const addCourseOwnerSchema = courseOwnerSchema.extend({ modules: z.boolean().optional() });
/** A translation: the full course form, prefilled by the client from the original. */
export const translateCourseSchema = z.object({ path: pathSchema, course: courseInputSchema });

/**
 * Duplicating a course: `modules` says whether the copy gets copies of the original's modules
 * (`copy`, the default: editing one course then leaves the other alone) or links the same ones
 * (`share`). Optional, so a call with the path alone still works.
 */
export const duplicateCourseSchema = z.object({
  path: pathSchema,
  modules: z.enum(['copy', 'share']).optional().default('copy'),
});

export type CourseCommand =
  | {
      type: 'CreateCourse';
      data: {
        courseId: string;
        path: string;
        details: CourseDetails;
        ownerId: string | null;
        /** Left out: published, as every new course is by default. */
        published?: boolean;
      };
    }
  | { type: 'AddCourseOwner'; data: { userId: string } }
  | { type: 'RemoveCourseOwner'; data: { userId: string } }
  | { type: 'OrderSections'; data: { sections: string[] } }
  /** With `published`, the publication changes in the same decision (one batch of events). */
  | { type: 'UpdateCourse'; data: { details: CourseDetails; published?: boolean } }
  | { type: 'SaveCourseDraft'; data: { details: CourseDetails } }
  | { type: 'DiscardCourseDraft' }
  | { type: 'PublishCourseChanges' }
  | { type: 'PublishCourse' }
  | { type: 'UnpublishCourse' }
  | { type: 'DeleteCourse' }
  | { type: 'ConfigureCourseCertificate'; data: { config: CertificateConfig } }
  | CourseLinkCommand;

/** Links to modules and files kept on the course's stream (docs/guide/users-and-roles.md, Linking content). */
export type CourseLinkCommand =
  | { type: 'LinkModule'; data: { moduleId: string; modulePath: string } }
  | { type: 'UnlinkModule'; data: { moduleId: string; modulePath: string } }
  | { type: 'OrderModules'; data: { modules: string[] } }
  | { type: 'LinkFile'; data: { fileId: string; filePath: string } }
  | { type: 'UnlinkFile'; data: { fileId: string; filePath: string } };
