import { z } from 'zod';

/** The person's own calendar settings: whether a feed works (never its token), reminders, and when they come. */
export const calendarSettingsOutput = z.object({
  feed: z.object({ issuedAt: z.string() }).nullable(),
  reminders: z.boolean(),
  /** Minutes before a live moment that reminders go out (LIVE_REMINDER_MINUTES), largest first. */
  offsetsMinutes: z.array(z.number().int()),
});

/** The new feed's address: the only time its token is shown. */
export const issuedFeedOutput = z.object({ url: z.string() });
