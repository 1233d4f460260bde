import { procedureFor, router } from '../trpc';
import { effectiveSettings } from './effective-settings';
import { jobQueueStates } from './job-queues';
import { effectiveSettingsOutput } from './outputs';

/**
 * The platform's effective configuration, read-only. The configuration says how the platform runs,
 * so only those who administer it see it: the manage_roles right, which the built-in admin role
 * holds and the teacher role does not (whoever holds it can grant themselves any other right, so it
 * is administration itself; no narrower admin-only rule exists).
 */
export const settingsRouter = router({
  effective: procedureFor('manage_roles')
    .output(effectiveSettingsOutput)
    .query(async ({ ctx }) => {
      const { platform } = ctx;
      return effectiveSettings({
        config: platform.config,
        tenant: platform.tenant,
        database: platform.database.target,
        env: process.env,
        queues: await jobQueueStates(platform.database.db),
        now: new Date(),
        uptimeSeconds: process.uptime(),
      });
    }),
});
