import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../jobs/boss';
import { jobs } from '../../jobs/registry';
import { jobDatabaseOf } from '../../server/platform';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

interface QueueRow {
  name: string;
  retry_limit: number;
  retry_delay: number;
  notify: boolean;
  deletion_seconds: number;
  updated_on: Date;
}

describe.each(databaseKinds)('job queues at start on %s', (kind) => {
  let platform: TestPlatform;
  const queues = async () =>
    (
      await sql<QueueRow>`select name, retry_limit, retry_delay, notify, deletion_seconds, updated_on
        from pgboss.queue where name not like '\_\_pgboss%' order by name`.execute(platform.database.db)
    ).rows;
  const schedules = async () =>
    (
      await sql<{ name: string; cron: string; updated_on: Date }>`select name, cron, updated_on
        from pgboss.schedule order by name`.execute(platform.database.db)
    ).rows;
  const startAgain = (work: boolean | 'later' = false) =>
    startJobs(jobDatabaseOf(platform.database), {
      work,
      dependencies: { log: platform.log } as never,
    });

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  });
  afterAll(async () => {
    await platform?.dispose();
  });

  it('creates every queue with its job settings on a fresh database', async () => {
    const rows = await queues();
    expect(rows.map((row) => row.name)).toEqual(jobs.map((job) => job.name).sort());
    for (const job of jobs) {
      const row = rows.find((each) => each.name === job.name)!;
      expect(row).toMatchObject({ retry_limit: job.retryLimit, retry_delay: job.retryDelay, notify: true });
      if (job.forgetWhenSettled) expect(row.deletion_seconds).toBe(60);
    }
  });

  it('writes no queue on a later start, and puts back the settings of one that differs', async () => {
    const before = await queues();
    const [changed, ...others] = jobs;
    await sql`update pgboss.queue set notify = false, retry_limit = 0 where name = ${changed!.name}`.execute(
      platform.database.db,
    );
    const runner = await startAgain();
    try {
      const after = await queues();
      const restored = after.find((row) => row.name === changed!.name)!;
      expect(restored).toMatchObject({ notify: true, retry_limit: changed!.retryLimit });
      for (const job of others) {
        const was = before.find((row) => row.name === job.name)!;
        const now = after.find((row) => row.name === job.name)!;
        expect(now.updated_on.getTime()).toBe(was.updated_on.getTime());
      }
    } finally {
      await runner.stop();
    }
  });

  it("writes a job's schedule when its workers start, and only when it is missing or differs", async () => {
    const scheduled = jobs.filter((job) => job.schedule);
    expect(scheduled.length).toBeGreaterThan(0);
    // The test platform enqueues only: no worker, so nothing scheduled yet.
    expect(await schedules()).toEqual([]);
    const first = await startAgain('later');
    try {
      expect(await schedules()).toEqual([]); // 'later': nothing until the workers start
      await first.startWorkers();
      await first.startWorkers(); // once
    } finally {
      await first.stop();
    }
    const written = await schedules();
    expect(written.map(({ name, cron }) => ({ name, cron }))).toEqual(
      scheduled
        .map((job) => ({ name: job.name, cron: job.schedule }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );

    const unchanged = await startAgain(true);
    await unchanged.stop();
    expect(await schedules()).toEqual(written); // not written again

    const [changed] = scheduled;
    await sql`update pgboss.schedule set cron = '0 0 * * *' where name = ${changed!.name}`.execute(
      platform.database.db,
    );
    const second = await startAgain(true);
    await second.stop();
    expect((await schedules()).find((row) => row.name === changed!.name)!.cron).toBe(changed!.schedule);
  });
});
