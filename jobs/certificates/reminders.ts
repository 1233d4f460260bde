import { z } from 'zod';
import { defineJob } from '../job';

/** What the job needs from the server: the selection and each decision run through the command pipeline. */
export interface ReminderDeps {
  reminders: {
    /** Decides and queues every reminder due at `now`; answers how many were queued. */
    send: (now: Date) => Promise<number>;
  };
}

export const REMINDERS_JOB = 'certificate.reminders';

/**
 * Every hour, at minute 17 (away from the top of the hour other schedules favour): reminders of
 * timed certificates expiring soon (docs/guide/certificates.md). pg-boss sends a scheduled job once
 * across all instances; even if two runs overlap (a slow run, a retry, a manual call), each
 * reminder is decided on its certificate's stream under its lock, so it goes out once. Hourly
 * rather than daily so a reminder follows its threshold within the hour and a missed run costs an
 * hour, not a day.
 */
export const certificateRemindersJob = defineJob({
  name: REMINDERS_JOB,
  schema: z.object({}).passthrough(),
  retryLimit: 2,
  retryDelay: 60,
  policy: 'stately',
  schedule: '17 * * * *',
  forgetWhenSettled: true,
  handler: async (_payload: unknown, deps: ReminderDeps) => {
    await deps.reminders.send(new Date());
  },
});
