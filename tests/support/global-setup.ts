import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBundle } from '../../scripts/build-server.mjs';
import { endLeftoversOfKilledRuns } from './leftover-processes';

/**
 * One run of the suite, cleaned after itself whatever happened in it: every temporary folder the
 * tests make goes under one run folder (TMPDIR, which os.tmpdir() reads and the test workers and
 * the servers they start inherit), and every PostgreSQL database carries the run's prefix. The
 * teardown removes both, also when tests failed or timed out.
 */
/** A run killed outright (SIGKILL, a lost machine) cannot tear down: the next run sweeps what it left. */
const STALE_AFTER_MS = 6 * 3_600_000;

/** When a run began, from its name (its first 8 characters are Date.now() in base 36). */
export const runStartOf = (run: string) => Number.parseInt(run.slice(0, 8), 36);

export async function sweepStaleRuns(now: number, root = os.tmpdir(), url = process.env.TEST_DATABASE_URL) {
  const stale = (run: string) => {
    const started = runStartOf(run);
    return Number.isFinite(started) && now - started > STALE_AFTER_MS;
  };
  for (const entry of fs.readdirSync(root)) {
    const match = /^srhr-test-([0-9a-z]+)-/.exec(entry);
    if (match && stale(match[1]!)) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  }
  if (url) await dropRunDatabases(url, stale);
}

/** Drops every test database (`test_<run>_…`) whose run `which` names. */
async function dropRunDatabases(url: string, which: (run: string) => boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^test_[0-9a-z]+_'",
    );
    for (const { datname } of rows) {
      const run = datname.slice('test_'.length, datname.indexOf('_', 'test_'.length));
      if (which(run)) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

export default async function setup() {
  // An earlier run killed outright may have left workers and their servers running: gone first.
  const ended = endLeftoversOfKilledRuns();
  if (ended.length > 0)
    console.log(`Ended ${ended.length} processes an earlier, killed test run left running.`);
  await sweepStaleRuns(Date.now());
  // Built once here when stale, before the workers start: tests that spawn the server run the
  // bundle (tests/server/server-process.ts), and two workers must not write it at the same time.
  await ensureServerBundle();
  const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `srhr-test-${run}-`));
  process.env.TMPDIR = folder;
  process.env.TEST_DATABASE_PREFIX = `test_${run}`;

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropRunDatabases(url, (other) => other === run);
  };
}
