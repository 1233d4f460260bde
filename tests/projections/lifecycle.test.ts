import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema } from '../../events/course/commands';
import { allRules } from '../../events/permissions';
import { catchUpProjections } from '../../projections/lifecycle';
import { rebuildProjections } from '../../projections/rebuild';
import { projections } from '../../projections/registry';
import { rebuildInShadow } from '../../projections/shadow-rebuild';
import { createCourse } from '../../server/course/commands';
import { transaction } from '../../server/db/transaction';
import { checkReadiness } from '../../server/ops/readiness';
import { startPlatform } from '../../server/platform';
import { databaseKinds } from '../harness';
import { platformScenario, scenarioClock } from '../support/scenario';
import { readTables } from './read-tables';
import { restartablePlatform } from './restartable';
import { xapiScenario } from './xapi/scenario';

const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };
const meta = () => ({ actorId: admin.userId, requestId: 'shadow-test', now: new Date() });

it('gives every projection with tables a version', () => {
  for (const projection of projections.filter((p) => p.tables.length > 0))
    expect(projection.version, projection.name).toBeGreaterThanOrEqual(1);
});

/**
 * Projections have a lifecycle: the version each one's tables were built with is recorded, and at
 * start every projection that is new or changed is rebuilt from the log, alone.
 */
describe.each(databaseKinds)('the projection lifecycle on %s', (kind) => {
  let server: Awaited<ReturnType<typeof restartablePlatform>>;
  beforeAll(async () => {
    server = await restartablePlatform(kind);
  });
  afterAll(() => server?.dispose());

  const db = () => server.platform.database.db;
  const versions = async () =>
    Object.fromEntries(
      (
        await sql<{ name: string; version: number }>`select name, version from projection_versions`.execute(
          db(),
        )
      ).rows.map((row) => [row.name, row.version]),
    );

  it('rebuilds at the next start the one projection whose version changed, and only it', async () => {
    await platformScenario(server.platform, scenarioClock('lifecycle'));
    const live = await readTables(server.platform);
    expect(live.course_summaries!.length).toBeGreaterThan(0);
    // course_summaries built by an older version (and drifted since); another table drifted too.
    await sql`update course_summaries set name = 'drifted'`.execute(db());
    await sql`update module_summaries set name = 'left alone'`.execute(db());
    await sql`update projection_versions set version = 0 where name = 'course_summaries'`.execute(db());
    expect((await checkReadiness(server.platform)).checks.projections).toBe('catching up: course_summaries');

    await server.restart();
    const after = await readTables(server.platform);
    expect(after.course_summaries).toEqual(live.course_summaries);
    expect(after.module_summaries!.every((row) => (row as { name: string }).name === 'left alone')).toBe(
      true,
    );
    expect({ ...after, module_summaries: [] }).toEqual({ ...live, module_summaries: [] });
    expect((await versions()).course_summaries).toBe(1);
    expect(await checkReadiness(server.platform)).toMatchObject({
      ready: true,
      checks: { projections: 'ok' },
    });

    // What the start rebuilt equals a full rebuild.
    await rebuildProjections((work) => transaction(db(), work));
    expect((await readTables(server.platform)).course_summaries).toEqual(after.course_summaries);
  });

  it('catches up once when several instances start together', async () => {
    await sql`update projection_versions set version = 0 where name in ('roles', 'file_summaries')`.execute(
      db(),
    );
    const catchUp = () => catchUpProjections((work) => transaction(db(), work));
    const results = await Promise.all([catchUp(), catchUp(), catchUp()]);
    expect(results.map((result) => result.projections).sort()).toEqual([[], [], ['file_summaries', 'roles']]);
  });

  it('completes every read table of a database upgraded from before versions were recorded', async () => {
    await xapiScenario(server.platform, 'u');
    await rebuildProjections((work) => transaction(db(), work));
    const whole = await readTables(server.platform);
    expect(whole.xapi_statements!.length).toBeGreaterThan(15);
    // The release before: no xAPI statements for its history. Upgraded, the migration that adds
    // projection_versions leaves it empty, as here.
    await sql`delete from xapi_statements`.execute(db());
    await sql`delete from xapi_module_progress`.execute(db());
    await sql`delete from projection_versions`.execute(db());

    await server.restart();
    expect(await readTables(server.platform)).toEqual(whole);
    const recorded = await versions();
    for (const projection of projections.filter((p) => p.tables.length > 0))
      expect(recorded[projection.name], projection.name).toBe(projection.version);
  });
});

/**
 * On PostgreSQL other instances keep serving while one rebuilds: the rebuild fills shadow tables
 * and swaps them in at the end, in one short transaction that also takes in what was appended
 * meanwhile.
 */
describe.skipIf(!databaseKinds.includes('postgres'))('the shadow rebuild on postgres', () => {
  let server: Awaited<ReturnType<typeof restartablePlatform>>;
  beforeAll(async () => {
    server = await restartablePlatform('postgres');
    await platformScenario(server.platform, scenarioClock('shadow'));
    await xapiScenario(server.platform, 's');
  });
  afterAll(() => server?.dispose());

  const db = () => server.platform.database.db;
  const rebuildAll = () => rebuildProjections((work) => transaction(db(), work));

  it('swaps in tables equal to a full rebuild, appends made during the rebuild included', async () => {
    await sql`update course_summaries set name = 'drifted'`.execute(db());
    await sql`delete from xapi_statements`.execute(db());
    let appended = 0;
    const appending = (async () => {
      for (let index = 0; index < 5; index++) {
        await createCourse(server.platform, admin, meta(), {
          path: `during-rebuild-${index}`,
          course: courseInputSchema.parse({ name: `During ${index}`, language: 'en' }),
        });
        appended++;
      }
    })();
    const rebuilt = await rebuildInShadow(db(), ['course_summaries', 'xapi_statements'], { batchSize: 2 });
    await appending;
    expect(appended).toBe(5);
    expect(rebuilt.projections).toEqual(expect.arrayContaining(['course_summaries', 'xapi_statements']));
    const swapped = await readTables(server.platform);
    expect(swapped.course_summaries!.some((row) => (row as { name: string }).name === 'drifted')).toBe(false);
    await rebuildAll();
    expect(await readTables(server.platform)).toEqual(swapped);
    const { rows } = await sql<{ count: string }>`select count(*) as count from information_schema.schemata
      where schema_name = 'projection_shadow'`.execute(db());
    expect(Number(rows[0]!.count)).toBe(0);
  });

  it('lets one instance rebuild at a time', async () => {
    const both = await Promise.all([
      rebuildInShadow(db(), ['roles'], { batchSize: 1 }),
      rebuildInShadow(db(), ['roles'], { batchSize: 1 }),
    ]);
    expect(both.map((result) => result.projections).sort()).toEqual([[], ['roles']]);
  });

  it('serves at once when told to catch up in the background, ready once the rebuild is in', async () => {
    await sql`update projection_versions set version = 0 where name = 'xapi_statements'`.execute(db());
    await server.platform.close();
    const log = pino({ level: 'silent' });
    const next = await startPlatform(server.platform.config, log, {
      target: server.platform.database.target,
      workJobs: false,
      catchUp: 'background',
    });
    try {
      const early = (await checkReadiness(next)).checks.projections;
      expect(['catching up: xapi_statements', 'ok']).toContain(early);
      await next.catchingUp;
      expect((await checkReadiness(next)).checks.projections).toBe('ok');
    } finally {
      await next.close();
    }
    await server.restart();
  });
});
