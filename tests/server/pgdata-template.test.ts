import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgdataTemplate } from '../../scripts/pgdata-template.mjs';
import {
  bundledPgdataTemplate,
  copyPgdataTemplate,
  unpackPgdataTemplate,
} from '../../server/db/pgdata-template';
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

  it("unpacks the single executable's empty database (PGlite's gzipped dump) into a folder that opens", async () => {
    const source = path.join(root, 'dumped');
    fs.cpSync(template, source, { recursive: true });
    const pglite = await PGlite.create({ dataDir: source });
    const dump = new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    await pglite.close();

    const dataDir = path.join(root, 'unpacked');
    expect(await unpackPgdataTemplate(dump, path.join(dataDir, 'pgdata'))).toBe(true);
    expect(copied(dataDir)).toBe(true); // the marker came along: no initdb ran
    expect(await unpackPgdataTemplate(dump, path.join(dataDir, 'pgdata'))).toBe(false); // never over a folder
    const platform = await startTestPlatform('pglite', { dataDir });
    await sql`create table kept (note text)`.execute(platform.database.db);
    await platform.close();
    const again = await startTestPlatform('pglite', { dataDir });
    expect((await sql`select * from kept`.execute(again.database.db)).rows).toEqual([]);
    await again.close();
  }, 120_000);

  it('refuses an archive entry that would land outside the folder, leaving nothing behind', async () => {
    const header = Buffer.alloc(512);
    header.write('../escaped', 0);
    header.write('0000644\0', 100);
    header.write(`${(4).toString(8).padStart(11, '0')}\0`, 124);
    header.write('0', 156);
    const tar = Buffer.concat([header, Buffer.from('evil'.padEnd(512, '\0')), Buffer.alloc(1024)]);
    const { gzipSync } = await import('node:zlib');
    const dataDir = path.join(root, 'refused');
    expect(await unpackPgdataTemplate(gzipSync(tar), path.join(dataDir, 'pgdata'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'escaped'))).toBe(false);
    expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []).toEqual([]);
  });
});
