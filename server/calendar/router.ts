import { remindersInputSchema } from '../../events/calendar/commands';
import { calendarSettingsOf } from '../../projections/calendar/calendar-feeds';
import { successOutput } from '../outputs';
import { metaOf, router, signedInProcedure, successMutation } from '../trpc';
import { issueCalendarFeed, revokeCalendarFeed, setLiveReminders } from './commands';
import { calendarSettingsOutput, issuedFeedOutput } from './outputs';

/**
 * The signed-in person's private calendar feed and reminder mails (docs/guide/live-classrooms.md).
 * Self only: no procedure takes a user id, so nobody reaches another person's feed or choice.
 */
export const calendarRouter = router({
  settings: signedInProcedure.output(calendarSettingsOutput).query(async ({ ctx }) => {
    const settings = await calendarSettingsOf(ctx.platform.database.db, ctx.actor.userId);
    return {
      feed: settings.feedIssuedAt ? { issuedAt: new Date(settings.feedIssuedAt).toISOString() } : null,
      reminders: settings.reminders,
      offsetsMinutes: ctx.platform.config.LIVE_REMINDER_MINUTES,
    };
  }),
  issueFeed: signedInProcedure
    .output(issuedFeedOutput)
    .mutation(({ ctx }) => issueCalendarFeed(ctx.platform, ctx.actor, metaOf(ctx))),
  revokeFeed: signedInProcedure.output(successOutput).mutation(async ({ ctx }) => {
    await revokeCalendarFeed(ctx.platform, ctx.actor, metaOf(ctx));
    return { success: true };
  }),
  setReminders: successMutation(signedInProcedure, remindersInputSchema, (platform, actor, meta, input) =>
    setLiveReminders(platform, actor, meta, input.on),
  ),
});
