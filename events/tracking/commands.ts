import { z } from 'zod';
import { pathSchema } from '../shared/fields';
import { type TrackingCategory, trackedPathSchema, trackingCategories } from './events';

/** The learner-side form also names a category in the singular (`course`, `recording`, …). */
const singular: Record<string, TrackingCategory> = {
  course: 'courses',
  section: 'sections',
  file: 'files',
  certificate: 'certificates',
  classroom: 'classrooms',
  breakoutroom: 'breakoutrooms',
  recording: 'recordings',
};
const typeNames = [...trackingCategories, ...Object.keys(singular)] as [string, ...string[]];

/** Categories whose items are addressed by a slug; the others (recordings, breakout rooms) by text. */
const sluggedCategories: TrackingCategory[] = ['courses', 'sections', 'files', 'certificates', 'classrooms'];

/**
 * updateLog's tracking document: `{ type, path, lastSeen }`. `lastSeen` is an ISO
 * date-time; left out, the server's clock gives it. `user`, when given, must be the caller: people
 * track themselves only.
 */
export const trackingInputSchema = z
  .object({
    type: z
      .enum(typeNames, { message: 'tracking.unknownType' })
      .transform((type) => singular[type] ?? (type as TrackingCategory)),
    path: trackedPathSchema,
    lastSeen: z.iso.datetime({ offset: true, message: 'validation.date' }).optional(),
    user: z.string().min(1).max(200).optional(),
  })
  .superRefine((input, context) => {
    if (sluggedCategories.includes(input.type) && !pathSchema.safeParse(input.path).success) {
      context.addIssue({ code: 'custom', path: ['path'], message: 'validation.path' });
    }
  });
export type TrackingInput = z.output<typeof trackingInputSchema>;

/**
 * `at` is when the item was seen (the form's lastSeen, else `now`); `now` is the server's clock
 * when the command is decided, so the decider can refuse a time in the future without a clock.
 */
export type RecordSeen = {
  type: 'RecordSeen';
  data: { userId: string; category: TrackingCategory; path: string; at: string; now: string };
};

/** tracking.pageSeen: the signed-in person has a module page in front of them (paths, as in its address). */
export const pageSeenInputSchema = z.object({ module: pathSchema, page: pathSchema });
export type PageSeenInput = z.output<typeof pageSeenInputSchema>;

/**
 * A page of a module was seen; the caller has checked that the person may open it and gives its ids.
 * `at` and `now` as for RecordSeen (the server gives both today; a queued sighting could give `at`).
 */
export type RecordPageSeen = {
  type: 'RecordPageSeen';
  data: {
    userId: string;
    moduleId: string;
    modulePath: string;
    pageId: string;
    pagePath: string;
    at: string;
    now: string;
  };
};

export type TrackingCommand = RecordSeen | RecordPageSeen;
