import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushStatements } from '../../jobs/xapi/push-statements';
import { rebuildProjections } from '../../projections/rebuild';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { transaction } from '../../server/db/transaction';
import { runImport } from '../../server/ops/backup-command';
import { type Platform, startPlatform } from '../../server/platform';
import { createPostgresDatabase, startTestPlatform, type TestPlatform } from '../harness';
import { LRS_KEY, LRS_SECRET, startStandInLrs } from '../jobs/xapi/stand-in-lrs';
import { readTables } from '../projections/read-tables';
import {
  exportFile,
  postgresDumpOf,
  type UpgradeFixture,
  unpackDataFolder,
  upgradeFixtures,
} from './fixtures';

/**
 * Upgrading keeps the history: what an earlier release wrote (tests/fixtures/upgrade/<release>, made
 * by scripts/make-upgrade-fixture.sh with that release's own code) is opened by this release as an
 * operator would, through the same start as the server (migrations, then the catch-up of new or
 * changed projections), and nothing is done by hand afterwards.
 */
const fixtures = upgradeFixtures();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

it('has a fixture of at least one earlier release', () => {
  expect(fixtures.length).toBeGreaterThan(0);
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

/** The API as a client uses it: signs in with the fixture's passwords, then tRPC and xAPI over HTTP. */
function client(app: FastifyInstance) {
  const signIn = async (who: { email: string; password: string }) => {
    const answer = await app.inject({ method: 'POST', url: '/auth/sign-in', payload: who });
    expect(answer.statusCode, answer.body).toBe(200);
    return { authorization: `Bearer ${answer.json().idToken as string}` };
  };
  const query = async (headers: Record<string, string>, procedure: string, input?: object): Promise<Json> => {
    const search = input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
    const answer = await app.inject({ url: `/trpc/${procedure}${search}`, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result.data;
  };
  const mutate = async (headers: Record<string, string>, procedure: string, input: object): Promise<Json> => {
    const answer = await app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result.data;
  };
  const statements = async (headers: Record<string, string>): Promise<Json[]> => {
    const answer = await app.inject({
      url: '/xapi/statements?limit=0&ascending=true',
      headers: { ...headers, 'x-experience-api-version': '1.0.3' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().statements;
  };
  return { signIn, query, mutate, statements };
}

/**
 * Waits until every statement's transaction is older than all running ones: the pusher reads only
 * those, and on a shared PostgreSQL server other databases' transactions hold that horizon too.
 */
async function settled(platform: TestPlatform) {
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

/** What every upgraded database must serve of the release's history, without a manual step. */
function servesTheOldHistory(
  target: () => { app: FastifyInstance; platform: TestPlatform },
  fixture: UpgradeFixture,
) {
  const { paths } = fixture;

  it('is ready at once: migrated and caught up before it answers', async () => {
    const answer = await target().app.inject({ url: '/readyz' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ checks: { migrations: 'ok', projections: 'ok' } });
  });

  it('keeps every read table equal to a rebuild from the same log', async () => {
    const { platform } = target();
    const upgraded = await readTables(platform);
    await rebuildProjections((work) => transaction(platform.database.db, work));
    expect(await readTables(platform)).toEqual(upgraded);
    // Not two empty tables: the statements of the old answers are there.
    expect(upgraded.xapi_statements!.length).toBeGreaterThan(0);
  });

  it("serves the participant's answers and certificate", async () => {
    const api = client(target().app);
    const participant = await api.signIn(fixture.participant);
    const page = await api.query(participant, 'result.page', { module: paths.module, page: paths.page });
    const given = JSON.stringify(page);
    for (const [question, answer] of Object.entries(fixture.answers))
      expect(given, question).toContain(`"${answer}"`);
    const mine = await api.query(participant, 'certificate.mine');
    expect(mine).toEqual([expect.objectContaining({ code: fixture.certificateCode })]);
    const verified = await api.query({}, 'certificate.verify', { code: fixture.certificateCode });
    expect(verified).toMatchObject({ status: 'valid', name: fixture.participant.name });
  });

  it('serves the answers and the certificate as xAPI statements', async () => {
    const api = client(target().app);
    const statements = await api.statements(await api.signIn(fixture.admin));
    const publicUrl =
      target().platform.config.PUBLIC_URL ?? `http://localhost:${target().platform.config.PORT}`;
    const moduleId = `${publicUrl}/module/${paths.module}`;
    const answered = statements.filter((statement) => statement.verb.id.endsWith('/answered'));
    // Each save of a question is one statement: 'first' wrong, then right; 'second' wrong.
    expect(
      answered.map((statement) => [statement.object.id.split('#')[1], statement.result.success]),
    ).toEqual([
      ['first', false],
      ['first', true],
      ['second', false],
    ]);
    for (const statement of answered)
      expect(statement.context.contextActivities.parent).toEqual([expect.objectContaining({ id: moduleId })]);
    const earned = statements.filter((statement) => statement.verb.id.endsWith('/earned'));
    expect(earned.map((statement) => statement.object.id)).toEqual([`${moduleId}/certificate`]);
    // Both are the participant's.
    const actors = new Set([...answered, ...earned].map((statement) => JSON.stringify(statement.actor)));
    expect(actors.size).toBe(1);
  });

  it('pushes the old statements to an LRS configured after the upgrade', async () => {
    const { app, platform } = target();
    const api = client(app);
    const served = await api.statements(await api.signIn(fixture.admin));
    await settled(platform);
    const lrs = await startStandInLrs();
    try {
      const delivered = await pushStatements(
        {
          db: platform.database.db,
          lrs: { endpoint: lrs.endpoint, key: LRS_KEY, secret: LRS_SECRET },
          log: { info: () => {}, error: () => {} },
        },
        { batchSize: 100, leaseSeconds: 60, owner: `upgrade-${fixture.release}` },
      );
      expect(delivered).toBe(served.length);
      expect([...lrs.stored.keys()].sort()).toEqual(served.map((statement) => statement.id).sort());
    } finally {
      await lrs.close();
    }
  });

  it('takes new answers on the old history', async () => {
    const api = client(target().app);
    const participant = await api.signIn(fixture.participant);
    // A changed answer: saving the same one again records nothing.
    const [question, last] = Object.entries(fixture.answers)[0]!;
    const changed = last === 'right' ? 'wrong' : 'right';
    await api.mutate(participant, 'result.save', {
      module: paths.module,
      page: paths.page,
      result: { answers: { [question]: changed }, confirm: [question] },
    });
    const statements = await api.statements(await api.signIn(fixture.admin));
    expect(statements.filter((statement) => statement.verb.id.endsWith('/answered'))).toHaveLength(4);
  });
}

describe.each(fixtures)('the embedded data folder of release $release, opened by this release', (fixture) => {
  let folder: string;
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), `upgrade-${fixture.release}-`));
    const dataDir = unpackDataFolder(fixture, folder);
    platform = await startTestPlatform('pglite', { dataDir });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('records the version of every projection it built', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from projection_versions`.execute(
      platform.database.db,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
  servesTheOldHistory(() => ({ app, platform }), fixture);
});

const testPlatformOf = (platform: Platform): TestPlatform => ({
  ...platform,
  dispose: () => platform.close(),
});

describe.each(onPostgres ? fixtures : [])(
  "the export of release $release, imported into PostgreSQL by this release's import",
  (fixture) => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let folder: string;
    let platform: TestPlatform;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await createPostgresDatabase();
      folder = fs.mkdtempSync(path.join(os.tmpdir(), `upgrade-${fixture.release}-`));
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url });
      await runImport(config, exportFile(fixture, folder));
      platform = testPlatformOf(await startPlatform(config, pino({ level: 'silent' }), { workJobs: false }));
      app = await buildApp(platform);
    });
    afterAll(async () => {
      await app?.close();
      await platform?.dispose();
      await database?.drop();
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    });
    servesTheOldHistory(() => ({ app, platform }), fixture);
  },
);

/**
 * A PostgreSQL deployment of the release (its own import of its export, dumped at its schema) that
 * two instances of this release open at once, as a rolling upgrade's first new instances do: one of
 * them migrates and catches up (the other waits for it), and both serve the same history.
 */
describe.each(onPostgres ? fixtures.filter((fixture) => fixture.postgresDump) : [])(
  'the PostgreSQL database of release $release, at its schema, opened by two instances of this release together',
  (fixture) => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let instances: TestPlatform[] = [];
    let apps: FastifyInstance[] = [];
    beforeAll(async () => {
      database = await createPostgresDatabase();
      const restore = new pg.Client({ connectionString: database.url });
      await restore.connect();
      try {
        await restore.query(postgresDumpOf(fixture));
      } finally {
        await restore.end();
      }
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url });
      const log = pino({ level: 'silent' });
      instances = (
        await Promise.all([
          startPlatform(config, log, { workJobs: false }),
          startPlatform(config, log, { workJobs: false }),
        ])
      ).map(testPlatformOf);
      apps = await Promise.all(instances.map((instance) => buildApp(instance)));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const instance of instances) await instance.dispose();
      await database?.drop();
    });

    servesTheOldHistory(() => ({ app: apps[0]!, platform: instances[0]! }), fixture);

    it('serves through the second instance what the first one wrote', async () => {
      const [first, second] = apps.map((app) => client(app));
      const participant = await first!.signIn(fixture.participant);
      const [question, last] = Object.entries(fixture.answers).at(-1)!;
      const changed = last === 'right' ? 'wrong' : 'right';
      await first!.mutate(participant, 'result.save', {
        module: fixture.paths.module,
        page: fixture.paths.page,
        result: { answers: { [question]: changed }, confirm: [question] },
      });
      const statements = await second!.statements(await second!.signIn(fixture.admin));
      expect(statements.filter((statement) => statement.verb.id.endsWith('/answered'))).toHaveLength(5);
    });
  },
);
