import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../server/config';
import { type DatabaseTarget, openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { type Platform, startPlatform } from '../server/platform';

/**
 * The databases every integration test runs on: embedded PGlite in memory always, and PostgreSQL
 * when TEST_DATABASE_URL is set (each platform then gets a fresh database of its own).
 */
export const databaseKinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

const adminUrl = () => process.env.TEST_DATABASE_URL!;

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL and returns its URL. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  // The run's prefix (tests/support/global-setup.ts): its teardown drops what a failed test left.
  const prefix = process.env.TEST_DATABASE_PREFIX ?? 'test';
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The migrated embedded database every in-memory test platform starts from: PGlite's initdb is
 * most of a start (seconds on this machine), loading a dump a fraction of it. Made once per run, by
 * the first test that needs it, as a file in the run's folder (tests/support/global-setup.ts), so
 * every test file of the run shares it; two workers that both find it missing each make one, and
 * the second rename replaces the first with the same content. The platform then migrates as it
 * always does, and finds nothing left to do.
 */
let memoryDump: Promise<Blob> | null = null;
function migratedMemoryDump(): Promise<Blob> {
  memoryDump ??= (async () => {
    const file = path.join(os.tmpdir(), 'pglite-migrated.tar');
    if (!fs.existsSync(file)) {
      const database = await openDatabase({ kind: 'embedded', dataDir: null });
      try {
        await migrateToLatest(database.db as never);
        const dump = await database.pglite!.dumpDataDir('none');
        const partial = `${file}.${process.pid}`;
        fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
        fs.renameSync(partial, file);
      } finally {
        await database.close();
      }
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  memoryDump.catch(() => {
    memoryDump = null;
  });
  return memoryDump;
}

export interface TestPlatform extends Platform {
  dispose: () => Promise<void>;
}

export async function startTestPlatform(
  kind: 'pglite' | 'postgres',
  options: {
    env?: Record<string, string>;
    workJobs?: boolean;
    dataDir?: string;
    /** An empty data folder a fresh `dataDir` starts as a copy of (embedded only). */
    pgdataTemplate?: string;
    /** Seconds between job polls; unset: 0.5, so retries come quickly. `null`: the production default. */
    jobPollingSeconds?: number | null;
  } = {},
): Promise<TestPlatform> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: options.dataDir ?? '/tmp/platform-tests-unused',
    ...options.env,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  let drop = async () => {};
  let target: DatabaseTarget;
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    drop = database.drop;
    target = { kind: 'server', connectionString: database.url, poolSize: 10 };
  } else {
    target = options.dataDir
      ? { kind: 'embedded', dataDir: options.dataDir, pgdataTemplate: options.pgdataTemplate }
      : { kind: 'embedded', dataDir: null, memoryDump: await migratedMemoryDump() };
  }
  const platform = await startPlatform(config, log, {
    target,
    workJobs: options.workJobs ?? false,
    jobPollingSeconds: options.jobPollingSeconds === null ? undefined : (options.jobPollingSeconds ?? 0.5),
  });
  return {
    ...platform,
    dispose: async () => {
      await platform.close();
      await drop();
    },
  };
}
