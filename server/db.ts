import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { SnapshotTables } from '../events/snapshots';
import type { EventStoreTables } from '../events/store';
import type { ProjectionTables } from '../projections/tables';
import { lockDataDir } from './db/data-dir-lock';
import { guardOuterDb } from './db/transaction';
import { pgliteParsers, pgTypeOverrides } from './db/type-parsers';

export type Database = EventStoreTables & SnapshotTables & ProjectionTables;

/** PGlite's WASM modules and data bundle, given when they do not live in node_modules (the binary). */
export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

export type DatabaseTarget =
  | { kind: 'embedded'; dataDir: string | null; pgliteAssets?: PgliteAssets }
  | { kind: 'server'; connectionString: string; poolSize?: number };

export interface DatabaseHandle {
  db: Kysely<Database>;
  target: DatabaseTarget;
  /** Set in embedded mode: pg-boss shares this instance. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/** `dataDir: null` keeps the embedded database in memory (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'server') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: target.poolSize ?? 10,
      types: pgTypeOverrides(),
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db: guardOuterDb(db), target, pglite: null, close: () => db.destroy() };
  }

  const release = target.dataDir ? await lockDataDir(target.dataDir) : async () => {};
  try {
    const pglite = await PGlite.create({
      ...(target.dataDir ? { dataDir: path.join(target.dataDir, 'pgdata') } : {}),
      ...target.pgliteAssets,
      parsers: pgliteParsers(),
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    let closed = false;
    return {
      db: guardOuterDb(db),
      target,
      pglite,
      close: async () => {
        if (closed) return;
        closed = true;
        await db.destroy();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
