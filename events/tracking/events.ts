import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';

/** What a person's log keeps apart (spec sections 3 and 9), in the spec's plural names. */
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

export const trackingEventDefinitions = [ItemSeen];
export type TrackingEvent = EventOf<typeof ItemSeen>;

/** One stream per person: their whole log, so the decider sees every earlier sighting. */
export const trackingStream = (userId: string) => `tracking-${userId}`;
