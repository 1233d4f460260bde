import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CalendarSettings = RouterOutputs['calendar']['settings'];

/** The person's own feed (whether one works, since when) and reminder choice. */
export const useCalendarSettings = () => useQuery(trpc.calendar.settings.queryOptions());

function useSettingsChange<Options>(options: (invalidate: { onSettled: () => Promise<void> }) => Options) {
  const client = useQueryClient();
  return options({ onSettled: () => client.invalidateQueries(trpc.calendar.settings.pathFilter()) });
}

/** A new feed address (replacing any earlier one); the answer holds it, the only time it is shown. */
export const useIssueCalendarFeed = () =>
  useMutation(useSettingsChange((invalidate) => trpc.calendar.issueFeed.mutationOptions(invalidate)));

/** The address stops working at once. */
export const useRevokeCalendarFeed = () =>
  useMutation(useSettingsChange((invalidate) => trpc.calendar.revokeFeed.mutationOptions(invalidate)));

/** Reminder mails before live sessions, on or off. */
export const useSetLiveReminders = () =>
  useMutation(useSettingsChange((invalidate) => trpc.calendar.setReminders.mutationOptions(invalidate)));
