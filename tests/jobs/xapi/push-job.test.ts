import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XAPI_PUSH_JOB } from '../../../jobs/xapi/push-statements';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { xapiScenario } from '../../projections/xapi/scenario';
import { LRS_KEY, LRS_SECRET, startStandInLrs } from './stand-in-lrs';

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)('the xAPI push job on %s', (kind) => {
  let platform: TestPlatform;
  let lrs: Awaited<ReturnType<typeof startStandInLrs>>;

  beforeAll(async () => {
    lrs = await startStandInLrs();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: {
        PUBLIC_URL: 'https://learn.example.org',
        XAPI_ENDPOINT: lrs.endpoint,
        XAPI_KEY: LRS_KEY,
        XAPI_SECRET: LRS_SECRET,
      },
    });
    await xapiScenario(platform, 'j');
  }, 120_000);
  afterAll(async () => {
    await platform?.dispose();
    await lrs?.close();
  });

  it('is scheduled every minute and, run by pg-boss, delivers what the configured LRS lacks', async () => {
    const schedules = await platform.jobs.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === XAPI_PUSH_JOB)?.cron).toBe('* * * * *');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from xapi_statements`.execute(
      platform.database.db,
    );
    lrs.failPost(1, 3); // the first attempt fails: pg-boss retries it
    await platform.jobs.boss.send(XAPI_PUSH_JOB, {});
    // A run that finds the statements still behind a running transaction (on a shared server) leaves
    // them to the next minute's run.
    await waitFor(() => lrs.stored.size === rows[0]!.n, 80_000);
    expect([...lrs.stores.values()].every((count) => count === 1)).toBe(true);
  }, 100_000);
});
