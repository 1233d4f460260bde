import { z } from 'zod';
import { defineJob } from '../job';

/** What the job needs from the server: finding who is due a reminder and queueing each mail once. */
export interface LiveReminderDeps {
  liveReminders: {
    /** Queues every reminder due at `now` that was not sent yet; answers how many were queued. */
    send: (now: Date) => Promise<number>;
  };
}

/**
 * Every five minutes: reminder mails before live sessions and breakout rounds, to those who asked
 * for them (docs/guide/live-classrooms.md). pg-boss sends a scheduled job once
 * across all instances; should two runs overlap all the same, each reminder's row in
 * live_reminders_sent, written in the transaction that queues its mail, lets only one of them
 * queue it.
 */
export const liveRemindersJob = defineJob({
  name: 'calendar.live-reminders',
  schema: z.object({}).passthrough(),
  retryLimit: 2,
  retryDelay: 30,
  policy: 'stately',
  schedule: '*/5 * * * *',
  forgetWhenSettled: true,
  handler: async (_payload: unknown, deps: LiveReminderDeps) => {
    await deps.liveReminders.send(new Date());
  },
});
