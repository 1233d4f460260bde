import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema } from '../../../events/course/commands';
import { allRules, noRules } from '../../../events/permissions';
import { append } from '../../../events/store';
import { trackingInputSchema } from '../../../events/tracking/commands';
import { trackingStream } from '../../../events/tracking/events';
import { type PushOptions, pushStatements, type XapiPushDeps } from '../../../jobs/xapi/push-statements';
import { renderStatement, type StatementRow } from '../../../jobs/xapi/render';
import { applyProjections } from '../../../projections/registry';
import { loadConfig } from '../../../server/config';
import { createCourse } from '../../../server/course/commands';
import { transaction } from '../../../server/db/transaction';
import { type Platform, startPlatform } from '../../../server/platform';
import { updateLog } from '../../../server/tracking/commands';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { xapiScenario } from '../../projections/xapi/scenario';
import { addTestUser } from '../../users';
import { LRS_KEY, LRS_SECRET, startStandInLrs } from './stand-in-lrs';

const PUBLIC_URL = 'https://learn.example.org';
const silent = { info: () => {}, error: () => {} };

async function everyStatement(platform: Platform) {
  const { rows } = await sql<StatementRow & { statement_id: string }>`
    select statement_id, body, stored from xapi_statements order by position, ordinal`.execute(
    platform.database.db,
  );
  return rows;
}

/**
 * Waits until every statement's transaction is older than all running ones. The pusher reads only
 * those (a transaction still running could commit a statement behind the mark), and on a shared
 * PostgreSQL server that horizon also waits for other databases' transactions.
 */
async function settled(platform: Platform) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from xapi_statements s join events e on e.position = s.position
        where e.tx >= pg_snapshot_xmin(pg_current_snapshot())`.execute(platform.database.db);
    if (rows[0]!.waiting === 0) return;
    if (Date.now() > deadline) throw new Error('statements still behind a running transaction');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A person seen on `count` more items: new statements while pushers run. */
async function moreSightings(platform: Platform, prefix: string, count: number) {
  const person = await addTestUser(platform);
  // Only what exists is tracked: the courses first.
  const system = { userId: 'system', roles: ['admin'], rules: allRules() };
  for (let i = 0; i < count; i++)
    await createCourse(
      platform,
      system,
      { actorId: null, requestId: 'more', now: new Date() },
      {
        path: `${prefix}-${i}`,
        course: courseInputSchema.parse({ name: `Course ${i}`, language: 'en' }),
      },
    );
  for (let i = 0; i < count; i++)
    await updateLog(
      platform,
      { userId: person.userId, roles: [], rules: noRules() },
      { actorId: person.userId, requestId: 'more', now: new Date() },
      trackingInputSchema.parse({ type: 'course', path: `${prefix}-${i}` }),
    );
}

describe.each(databaseKinds)('pushing xAPI statements to an LRS on %s', (kind) => {
  let platform: TestPlatform;
  let lrs: Awaited<ReturnType<typeof startStandInLrs>>;
  let deps: XapiPushDeps;
  const options = (owner: string): PushOptions => ({ batchSize: 5, leaseSeconds: 30, owner });

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { PUBLIC_URL } });
    lrs = await startStandInLrs();
    deps = {
      db: platform.database.db,
      lrs: { endpoint: lrs.endpoint, key: LRS_KEY, secret: LRS_SECRET },
      log: silent,
    };
    await xapiScenario(platform, 'p');
  }, 120_000);
  afterAll(async () => {
    await lrs?.close();
    await platform?.dispose();
  });

  it('delivers every statement once, across a failure mid-batch and an answer lost as it stopped', async () => {
    const all = await everyStatement(platform);
    expect(all.length).toBeGreaterThan(15);
    lrs.failPost(2, 2); // the LRS keeps 2 of the second batch, then fails
    await settled(platform);
    await expect(pushStatements(deps, options('a'))).rejects.toThrow();
    expect(lrs.stored.size).toBe(7);
    lrs.failPost(4, 5); // the LRS keeps a whole batch, but its answer never arrives
    await settled(platform);
    await expect(pushStatements(deps, options('b'))).rejects.toThrow();
    expect(lrs.stored.size).toBe(15);
    // Restarted: it sends the unanswered batch again, the LRS keeps each statement once.
    await settled(platform);
    expect(await pushStatements(deps, options('c'))).toBe(all.length - 10);
    expect([...lrs.stored.keys()].sort()).toEqual(all.map((row) => row.statement_id).sort());
    expect([...lrs.stores.values()].every((count) => count === 1)).toBe(true);
    for (const row of all) expect(lrs.stored.get(row.statement_id)).toEqual(renderStatement(row));
    const { rows } = await sql<{ pushed: string }>`select pushed from xapi_push_marks`.execute(
      platform.database.db,
    );
    expect(rows.map((row) => Number(row.pushed))).toEqual([all.length]);

    // Nothing new: nothing sent. New statements: only they are sent.
    const posts = lrs.posts();
    expect(await pushStatements(deps, options('c'))).toBe(0);
    expect(lrs.posts()).toBe(posts);
    await moreSightings(platform, 'later', 3);
    await settled(platform);
    expect(await pushStatements(deps, options('a'))).toBe(3);
    expect(lrs.stored.size).toBe(all.length + 3);
    // Only the two cut batches went out again (a POST the LRS refused, then a PUT each).
    expect([...lrs.sent.values()].filter((count) => count > 1).length).toBe(10);
    expect([...lrs.sent.values()].filter((count) => count === 1).length).toBe(all.length - 10 + 3);
  });

  it('leaves the mark to an instance whose lease still runs, and takes it over once it ran out', async () => {
    await moreSightings(platform, 'lease', 2);
    await sql`update xapi_push_marks set lease_owner = 'gone', lease_until = now() + interval '1 hour'`.execute(
      platform.database.db,
    );
    expect(await pushStatements(deps, options('b'))).toBe(0);
    await sql`update xapi_push_marks set lease_until = now() - interval '1 second'`.execute(
      platform.database.db,
    );
    await settled(platform);
    expect(await pushStatements(deps, options('b'))).toBe(2);
    expect([...lrs.stores.values()].every((count) => count === 1)).toBe(true);
  });

  it('pushes nothing without an LRS, and refuses an LRS configured in part', async () => {
    expect(await pushStatements({ ...deps, lrs: null }, options('a'))).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', XAPI_ENDPOINT: 'https://lrs.example.org/xapi' })).toThrow(
      /XAPI_KEY: must be set together with XAPI_ENDPOINT/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', XAPI_ENDPOINT: 'lrs.example.org', XAPI_KEY: 'k', XAPI_SECRET: 's' }),
    ).toThrow(/XAPI_ENDPOINT: must be an http/);
  });
});

describe.each(databaseKinds)('two instances pushing together on %s', (kind) => {
  let first: TestPlatform;
  let second: Platform;
  let lrs: Awaited<ReturnType<typeof startStandInLrs>>;

  beforeAll(async () => {
    first = await startTestPlatform(kind, { env: { PUBLIC_URL } });
    // On PostgreSQL a second platform on the same database; embedded, one process holds the
    // database, so the second pusher is a second owner in it.
    second =
      kind === 'postgres'
        ? await startPlatform(
            loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', PUBLIC_URL }),
            pino({ level: 'silent' }),
            {
              target: {
                kind: 'server',
                connectionString: (first.database.target as { connectionString: string }).connectionString,
                poolSize: 4,
              },
              workJobs: false,
            },
          )
        : first;
    lrs = await startStandInLrs({ delayMs: 20 });
    await xapiScenario(first, 't');
  }, 120_000);
  afterAll(async () => {
    await lrs?.close();
    if (second !== first) await second?.close();
    await first?.dispose();
  });

  it('sends each statement once while both push and new statements arrive', async () => {
    const depsOf = (platform: Platform): XapiPushDeps => ({
      db: platform.database.db,
      lrs: { endpoint: lrs.endpoint, key: LRS_KEY, secret: LRS_SECRET },
      log: silent,
    });
    let writing = true;
    const pusher = async (platform: Platform, owner: string) => {
      let delivered = 0;
      while (writing) {
        delivered += await pushStatements(depsOf(platform), { batchSize: 3, leaseSeconds: 30, owner });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return delivered;
    };
    const pushing = [pusher(first, 'one'), pusher(second, 'two')];
    await moreSightings(first, 'a', 6);
    await moreSightings(second, 'b', 6);
    writing = false;
    const delivered = (await Promise.all(pushing)).reduce((sum, count) => sum + count, 0);
    await settled(first);
    const rest =
      (await pushStatements(depsOf(first), { batchSize: 3, leaseSeconds: 30, owner: 'one' })) +
      (await pushStatements(depsOf(second), { batchSize: 3, leaseSeconds: 30, owner: 'two' }));
    const all = await everyStatement(first);
    expect(delivered + rest).toBe(all.length);
    expect([...lrs.stored.keys()].sort()).toEqual(all.map((row) => row.statement_id).sort());
    // No failure, so not even a second sending: the lease let one instance push at a time.
    expect([...lrs.sent.values()].every((count) => count === 1)).toBe(true);
  });
});

describe.each(databaseKinds.filter((kind) => kind === 'postgres'))(
  'a statement committed late on %s',
  (kind) => {
    let platform: TestPlatform;
    let lrs: Awaited<ReturnType<typeof startStandInLrs>>;
    beforeAll(async () => {
      platform = await startTestPlatform(kind, { env: { PUBLIC_URL } });
      lrs = await startStandInLrs();
    });
    afterAll(async () => {
      await lrs?.close();
      await platform?.dispose();
    });

    it('is not skipped: later transactions wait until the older one has committed', async () => {
      const deps: XapiPushDeps = {
        db: platform.database.db,
        lrs: { endpoint: lrs.endpoint, key: LRS_KEY, secret: LRS_SECRET },
        log: silent,
      };
      const person = await addTestUser(platform);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let appended!: () => void;
      const inside = new Promise<void>((resolve) => (appended = resolve));
      // A sighting whose transaction takes its position first and commits last.
      const late = transaction(platform.database.db, async (trx) => {
        const events = await append(
          trx,
          trackingStream(person.userId),
          0,
          [
            {
              type: 'ItemSeen',
              data: {
                userId: person.userId,
                category: 'courses',
                path: 'late',
                at: new Date().toISOString(),
              },
            },
          ],
          { actorId: person.userId, requestId: 'late', at: new Date().toISOString() },
        );
        await applyProjections(trx, events);
        appended();
        await held;
      });
      await inside;
      await moreSightings(platform, 'early', 2);
      expect(await pushStatements(deps, { batchSize: 5, leaseSeconds: 30, owner: 'a' })).toBe(0);
      commit();
      await late;
      await settled(platform);
      expect(await pushStatements(deps, { batchSize: 5, leaseSeconds: 30, owner: 'a' })).toBe(3);
      const all = await everyStatement(platform);
      expect([...lrs.stored.keys()].sort()).toEqual(all.map((row) => row.statement_id).sort());
    });
  },
);
