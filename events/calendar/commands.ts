import { z } from 'zod';

/** calendar.setReminders: the form's one switch. */
export const remindersInputSchema = z.strictObject({ on: z.boolean() });

/**
 * A new feed address for the person; the caller made the token and gives only its hash. A feed
 * already there is revoked in the same decision: one person, one working address.
 */
export type IssueCalendarFeed = {
  type: 'IssueCalendarFeed';
  data: { userId: string; feedId: string; tokenHash: string };
};
export type RevokeCalendarFeed = { type: 'RevokeCalendarFeed'; data: { userId: string } };
export type SetLiveReminders = { type: 'SetLiveReminders'; data: { userId: string; on: boolean } };

export type CalendarCommand = IssueCalendarFeed | RevokeCalendarFeed | SetLiveReminders;
