import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';

const userId = z.string().min(1).max(200);
const feedId = z.uuid();

/**
 * A person made a private calendar feed (docs/guide/live-classrooms.md).
 * The token itself is never stored: only its SHA-256, sealed with the person's key, so the log holds
 * no usable secret and an erasure leaves no way back to the feed.
 */
export const CalendarFeedIssued = defineEvent(
  'CalendarFeedIssued',
  z.object({ userId, feedId, tokenHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  { personal: { subject: 'userId', fields: ['tokenHash'] } },
);

/** The feed's address stopped working: revoked by its owner, or replaced by a new one. */
export const CalendarFeedRevoked = defineEvent('CalendarFeedRevoked', z.object({ userId, feedId }));

/** The person asked for a mail before each live session of their courses. */
export const LiveRemindersTurnedOn = defineEvent('LiveRemindersTurnedOn', z.object({ userId }));

/** The person no longer wants those mails. */
export const LiveRemindersTurnedOff = defineEvent('LiveRemindersTurnedOff', z.object({ userId }));

export const calendarEventDefinitions = [
  CalendarFeedIssued,
  CalendarFeedRevoked,
  LiveRemindersTurnedOn,
  LiveRemindersTurnedOff,
];
export type CalendarEvent =
  | EventOf<typeof CalendarFeedIssued>
  | EventOf<typeof CalendarFeedRevoked>
  | EventOf<typeof LiveRemindersTurnedOn>
  | EventOf<typeof LiveRemindersTurnedOff>;

/** One stream per person: their feed and their reminder choice. */
export const calendarStream = (userId: string) => `calendar-${userId}`;
