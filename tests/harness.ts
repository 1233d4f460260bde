import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../server/config';
import type { DatabaseTarget } from '../server/db';
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
    target = { kind: 'embedded', dataDir: options.dataDir ?? null, pgdataTemplate: options.pgdataTemplate };
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
