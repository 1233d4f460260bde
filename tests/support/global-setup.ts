import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * One run of the suite, cleaned after itself whatever happened in it: every temporary folder the
 * tests make goes under one run folder (TMPDIR, which os.tmpdir() reads and the test workers and
 * the servers they start inherit), and every PostgreSQL database carries the run's prefix. The
 * teardown removes both, also when tests failed or timed out.
 */
export default function setup() {
  const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `srhr-test-${run}-`));
  process.env.TMPDIR = folder;
  process.env.TEST_DATABASE_PREFIX = `test_${run}`;

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [`test_${run}_`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
