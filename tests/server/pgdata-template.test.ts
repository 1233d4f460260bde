import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgdataTemplate } from '../../scripts/pgdata-template.mjs';
import { bundledPgdataTemplate, copyPgdataTemplate } from '../../server/db/pgdata-template';
import { startTestPlatform } from '../harness';

/**
 * The embedded database's empty data folder built with the server bundle: a fresh DATA_DIR starts
 * as a copy of it (no initdb), and is then an ordinary data folder that migrates, keeps what is
 * written and opens again.
 */
describe('empty database template', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pgdata-template-'));
    template = path.join(root, 'dist', 'pgdata-template');
    await buildPgdataTemplate(template);
    // A file PostgreSQL ignores, to tell a copied folder from one initdb made.
    fs.writeFileSync(path.join(template, 'copied-from-template'), '');
  }, 120_000);
  const copied = (dataDir: string) => fs.existsSync(path.join(dataDir, 'pgdata', 'copied-from-template'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const start = (dataDir: string, pgdataTemplate: string) =>
    startTestPlatform('pglite', { dataDir, pgdataTemplate });

  it('is found beside the bundle that carries it, and nowhere else', () => {
    expect(bundledPgdataTemplate(pathToFileURL(path.join(root, 'dist', 'main.mjs')).href)).toBe(template);
    expect(bundledPgdataTemplate(pathToFileURL(path.join(root, 'main.mjs')).href)).toBeUndefined();
    expect(bundledPgdataTemplate('node:sea')).toBeUndefined();
  });

  it('gives a fresh data folder a database that migrates, keeps writes and opens again', async () => {
    const dataDir = path.join(root, 'fresh');
    const first = await start(dataDir, template);
    expect(copied(dataDir)).toBe(true);
    const migrations = await sql<{
      count: number;
    }>`select count(*)::int as count from kysely_migration`.execute(first.database.db);
    expect(migrations.rows[0]!.count).toBeGreaterThan(0);
    await sql`create table kept (note text)`.execute(first.database.db);
    await sql`insert into kept values ('written after the copy')`.execute(first.database.db);
    await first.close();
    // The template itself is untouched: the next fresh folder starts empty again.
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(await copyPgdataTemplate(template, path.join(dataDir, 'pgdata'))).toBe(false);

    const again = await start(dataDir, template);
    const kept = await sql<{ note: string }>`select note from kept`.execute(again.database.db);
    expect(kept.rows).toEqual([{ note: 'written after the copy' }]);
    await again.close();

    const other = await start(path.join(root, 'another'), template);
    const tables = await sql<{ name: string | null }>`select to_regclass('kept')::text as name`.execute(
      other.database.db,
    );
    expect(tables.rows[0]!.name).toBeNull();
    await other.close();
  }, 120_000);

  it('falls back to initdb when the template cannot be copied, leaving nothing half-copied', async () => {
    const dataDir = path.join(root, 'no-template');
    const platform = await start(dataDir, path.join(root, 'missing-template'));
    await sql`select 1`.execute(platform.database.db);
    await platform.close();
    expect(copied(dataDir)).toBe(false);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('pgdata'))).toEqual(['pgdata']);
  }, 120_000);
});
