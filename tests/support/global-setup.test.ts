import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runStartOf, sweepStaleRuns } from './global-setup';

/** What a run killed outright leaves behind, the next run sweeps; a run still going keeps its own. */
describe('the sweep of stale test runs', () => {
  const now = Date.now();
  const runAt = (ms: number) => `${ms.toString(36)}${(4242).toString(36)}`;
  const old = runAt(now - 7 * 3_600_000);
  const recent = runAt(now - 60_000);

  it('reads when a run began from its name', () => {
    expect(runStartOf(recent)).toBe(now - 60_000);
  });

  it('removes the folders and databases of runs older than six hours, and nothing else', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
    for (const run of [old, recent]) fs.mkdirSync(path.join(root, `srhr-test-${run}-abc`));
    fs.mkdirSync(path.join(root, 'something-else'));
    const url = process.env.TEST_DATABASE_URL;
    const names = [`test_${old}_sweep`, `test_${recent}_sweep`];
    const client = url ? new pg.Client({ connectionString: url }) : null;
    await client?.connect();
    try {
      for (const name of names) await client?.query(`create database "${name}"`);
      await sweepStaleRuns(now, root, url);
      expect(fs.readdirSync(root).sort()).toEqual(['something-else', `srhr-test-${recent}-abc`]);
      if (client) {
        const { rows } = await client.query<{ datname: string }>(
          'select datname from pg_database where datname = any($1)',
          [names],
        );
        expect(rows.map((row) => row.datname)).toEqual([`test_${recent}_sweep`]);
      }
    } finally {
      for (const name of names) await client?.query(`drop database if exists "${name}" with (force)`);
      await client?.end();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
