import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { pathSchema } from '../shared/fields';

/**
 * What a person's log keeps apart, in plural names
 * (docs/guide/results-and-scoring.md#tracking-what-participants-opened).
 */
export const trackingCategories = [
  'courses',
  'sections',
  'files',
  'certificates',
  'classrooms',
  'breakoutrooms',
  'recordings',
] as const;
export const trackingCategorySchema = z.enum(trackingCategories);
export type TrackingCategory = z.infer<typeof trackingCategorySchema>;

/**
 * An item's path; recordings and breakout rooms have none of their own, so theirs is their address
 * (or name). Nothing personal: the log of a person is their user id, the items and the times.
 */
export const trackedPathSchema = z.string().trim().min(1).max(2000);

/** The person saw the item at `at` (first sight, or again a while after the last one). */
export const ItemSeen = defineEvent(
  'ItemSeen',
  z.object({
    userId: z.string().min(1).max(200),
    category: trackingCategorySchema,
    path: trackedPathSchema,
    at: z.iso.datetime(),
  }),
);

/**
 * The person saw a page of a module (first sight, or again a while after the last one). Not one of
 * the categories above: those are the spec's log (updateLog, log(user)), which has no pages; a page
 * sighting feeds xAPI's `experienced` and the person's data export. Ids for what stays the same when
 * a path changes, paths for what integrators read.
 */
export const PageSeen = defineEvent(
  'PageSeen',
  z.object({
    userId: z.string().min(1).max(200),
    moduleId: z.uuid(),
    modulePath: pathSchema,
    pageId: z.uuid(),
    pagePath: pathSchema,
    at: z.iso.datetime(),
  }),
);

export const trackingEventDefinitions = [ItemSeen, PageSeen];
export type ItemSeenEvent = EventOf<typeof ItemSeen>;
export type PageSeenEvent = EventOf<typeof PageSeen>;
export type TrackingEvent = ItemSeenEvent | PageSeenEvent;

/** One stream per person: their whole log, so the decider sees every earlier sighting. */
export const trackingStream = (userId: string) => `tracking-${userId}`;
