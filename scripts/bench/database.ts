/** Throw-away places for a bench run: temp folders and fresh PostgreSQL databases. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface Disposable<T> {
  value: T;
  dispose(): Promise<void>;
}

export async function tempDir(label: string): Promise<Disposable<string>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${label}-`));
  return { value: dir, dispose: () => fs.rm(dir, { recursive: true, force: true }) };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `bench_<random>` on the server of `baseUrl`; returns its URL. */
export async function tempDatabase(baseUrl: string, label: string): Promise<Disposable<string>> {
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`create database ${name}`)).catch((error: Error) => {
    throw new Error(`Could not create database ${name} via BENCH_DATABASE_URL: ${error.message}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    value: url.toString(),
    dispose: () =>
      withClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => {},
      ),
  };
}

/** The server's description, for the results file. */
export async function serverVersion(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ version: string }>('select version()');
    return rows[0]?.version ?? 'unknown';
  });
}
