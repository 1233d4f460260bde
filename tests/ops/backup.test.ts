import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionTables } from '../../projections/registry';
import { createCourse, updateCourse } from '../../server/course/commands';
import { transaction } from '../../server/db/transaction';
import {
  BackupError,
  carriedTables,
  exportBackup,
  importBackup,
  transientTables,
} from '../../server/ops/backup';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { dyingWithParent, serverCommand } from '../server/server-process';
import { admin, courseScenario, input, platformScenario, scenarioClock } from '../support/scenario';

const meta = scenarioClock('backup-scenario');

/**
 * Every stream and read table (the shared scenario, about 120 commands), or only the courses where the
 * test is about the command line; then one course's stream longer than an import batch.
 */
async function runScenario(platform: TestPlatform, scope: 'everything' | 'courses' = 'everything') {
  await (scope === 'everything' ? platformScenario : courseScenario)(platform, meta);
  // Many updates of one course: a stream longer than one import batch, with snapshots on the way.
  for (let n = 1; n <= 12; n++) {
    await updateCourse(platform, admin, meta(), {
      path: 'family-planning',
      course: input(`Family planning, edition ${n}`, { onHome: true }),
    });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the db or a transaction
async function existing(db: Kysely<any>, tables: string[]) {
  const found: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ found: boolean }>`select to_regclass(${table}) is not null as found`.execute(
      db,
    );
    if (rows[0]?.found) found.push(table);
  }
  return found;
}

/** Every row of the read tables, the private tables and the log, as PostgreSQL writes them (UTC). */
async function contents(platform: TestPlatform) {
  return transaction(platform.database.db, async (trx) => {
    await sql`set local timezone = 'UTC'`.execute(trx);
    const tables: Record<string, unknown[]> = {};
    const names = [...projectionTables(), ...(await existing(trx, carriedTables))];
    for (const table of names) {
      const { rows } = await sql<{ row: unknown }>`
        select to_jsonb(t) as row from ${sql.table(table)} t order by to_jsonb(t)::text`.execute(trx);
      tables[table] = rows.map((r) => r.row);
    }
    const { rows: events } = await sql<{ row: unknown }>`
      select to_jsonb(t) - 'tx' as row from events t order by position`.execute(trx);
    tables.events = events.map((r) => r.row);
    return tables;
  });
}

async function exportToText(platform: TestPlatform, batchSize?: number) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const summary = await exportBackup(platform.database.db, out, { platformVersion: 'test', batchSize });
  out.end();
  return { text: Buffer.concat(chunks).toString('utf8'), summary };
}

const importText = (platform: TestPlatform, text: string, batchSize?: number) =>
  importBackup(platform.database.db, Readable.from([text]), { batchSize });

describe.each(databaseKinds)('backup from %s', (sourceKind) => {
  let source: TestPlatform;
  let backup: string;
  let live: Record<string, unknown[]>;
  beforeAll(async () => {
    source = await startTestPlatform(sourceKind);
    await runScenario(source);
    // Private state a restore needs: a person's key (bytea), when the identity tables exist.
    if ((await existing(source.database.db, ['personal_data_keys'])).length > 0) {
      await sql`insert into personal_data_keys (subject_id, key) values ('user-1', ${Buffer.from([0, 1, 2, 254, 255])})`.execute(
        source.database.db,
      );
    }
    live = await contents(source);
    backup = (await exportToText(source, 4)).text;
    // The whole scenario ran past 60 s on a machine loaded far beyond its two cores (load 13).
  }, 180_000);
  afterAll(() => source?.dispose());

  it('writes a header, every event in order and a checksum line', () => {
    const lines = backup
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ format: 'srhr-platform-backup', formatVersion: 1 });
    const events = lines.filter((line) => 'position' in line);
    expect(events).toHaveLength(live.events!.length);
    expect(events[0]).toEqual({
      position: expect.any(Number),
      stream: expect.stringMatching(/^course-/),
      version: 1,
      type: 'CourseCreated',
      schema_version: expect.any(Number),
      data: expect.any(Object),
      meta: expect.objectContaining({ requestId: 'backup-scenario' }),
      recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(lines.at(-1)).toEqual({
      checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      count: live.events!.length,
      rows: expect.any(Number),
    });
  });

  describe.each(databaseKinds)('imported into a fresh %s database', (targetKind) => {
    let target: TestPlatform;
    beforeAll(async () => {
      target = await startTestPlatform(targetKind);
    });
    afterAll(() => target?.dispose());

    it('yields every read table, private table and event equal to the source', async () => {
      const summary = await importText(target, backup, 5);
      expect(summary.events).toBe(live.events!.length);
      expect(await contents(target)).toEqual(live);
      // New events continue after the imported positions, and the course reads as before.
      const outcome = await createCourse(target, admin, meta(), { course: input('After the move') });
      const last = live.events!.at(-1) as { position: number };
      expect(outcome.events[0]!.position).toBeGreaterThan(last.position);
    });

    it('refuses a database that is not empty, changing nothing', async () => {
      const before = await contents(target);
      await expect(importText(target, backup)).rejects.toThrow(/already holds \d+ events.*empty database/);
      expect(await contents(target)).toEqual(before);
    });
  });

  it('refuses a damaged or incomplete file and imports nothing', async () => {
    const target = await startTestPlatform('pglite');
    try {
      const lines = backup.trimEnd().split('\n');
      const damaged = lines.map((line) =>
        line.includes('"CourseCreated"') ? line.replace('Family planning', 'Family planninG') : line,
      );
      await expect(importText(target, `${damaged.join('\n')}\n`)).rejects.toThrow(/damaged: checksum/);
      await expect(importText(target, `${lines.slice(0, -1).join('\n')}\n`)).rejects.toThrow(
        /no checksum line: it is incomplete/,
      );
      const reordered = [lines[0], lines[2], lines[1], ...lines.slice(3)];
      await expect(importText(target, `${reordered.join('\n')}\n`)).rejects.toThrow(BackupError);
      await expect(importText(target, '{"hello":"world"}\n')).rejects.toThrow(
        /not a backup of this platform/,
      );
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from events`.execute(
        target.database.db,
      );
      expect(rows[0]!.count).toBe(0);
    } finally {
      await target.dispose();
    }
  });
});

describe('backup coverage', () => {
  it('knows what to do with every table of the schema', async () => {
    const platform = await startTestPlatform('pglite');
    try {
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' order by 1`.execute(platform.database.db);
      const handled = new Set([
        'events', // the log itself
        'stream_snapshots', // folded state, rebuilt
        'projection_versions', // what the read tables were built with: the import's rebuild writes it
        'kysely_migration',
        'kysely_migration_lock',
        ...projectionTables(), // rebuilt from the log
        ...carriedTables, // copied row by row
        ...transientTables, // dropped on purpose
      ]);
      const unclassified = rows.map((row) => row.name).filter((name) => !handled.has(name));
      // A new table must be a projection (projections/registry.ts), or be listed in server/ops/backup.ts
      // as carried (a restore needs its rows) or transient (a restore may drop them).
      expect(unclassified).toEqual([]);
    } finally {
      await platform.dispose();
    }
  });
});

describe('export and import commands', () => {
  const run = (args: string[], env: Record<string, string>, stdin?: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
      const [program, ...rest] = dyingWithParent([...serverCommand, ...args]);
      const child = spawn(program!, rest, {
        env: { ...parentEnv, LOG_LEVEL: 'info', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdin.end(stdin ?? '');
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it('export - writes nothing but the backup to standard output; import - reads it back', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cli-'));
    const source = await startTestPlatform('pglite', { dataDir: path.join(root, 'a') });
    await runScenario(source, 'courses');
    const live = await contents(source);
    await source.dispose();

    const exported = await run(['export', '-'], { DATA_DIR: path.join(root, 'a') });
    expect(exported.code).toBe(0);
    expect(exported.stderr).toMatch(/Exported \d+ events/);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'srhr-platform-backup' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ count: live.events!.length });

    const imported = await run(['import', '-'], { DATA_DIR: path.join(root, 'b') }, exported.stdout);
    expect(imported.stderr).toMatch(/Imported \d+ events/);
    expect(imported.code).toBe(0);

    const target = await startTestPlatform('pglite', { dataDir: path.join(root, 'b') });
    try {
      expect(await contents(target)).toEqual(live);
    } finally {
      await target.dispose();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);
});
