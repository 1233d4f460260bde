import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './db/data-dir-lock';
import { copyPgdataTemplate, unpackPgdataTemplate } from './db/pgdata-template';
import { FastPGliteDialect } from './db/pglite-dialect';
import type { Database } from './db/tables';
import { guardOuterDb } from './db/transaction';
import { pgliteParsers, pgTypeOverrides } from './db/type-parsers';

export type { Database };

/** PGlite's WASM modules and data bundle, given when they do not live in node_modules (the binary). */
export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  /** initdb, compiled only for a fresh folder the empty database could not be unpacked into. */
  initdbWasmModule: () => Promise<WebAssembly.Module>;
  fsBundle: Blob;
  /** An empty database as a gzipped tarball (PGlite's dump), unpacked into a fresh folder (read only then). */
  emptyDatabase?: () => Uint8Array;
}

/**
 * PostgreSQL's shared buffers inside PGlite. initdb writes 128 MB, and PGlite's WASM memory takes
 * all of it at start (it is set up, so resident): a third of the idle process. The embedded
 * database serves one session whose tables sit in the OS page cache anyway (PGlite reads its data
 * folder through Node's fs), so a smaller pool costs a read call on a miss, not a disk read.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export type DatabaseTarget =
  | {
      kind: 'embedded';
      dataDir: string | null;
      pgliteAssets?: PgliteAssets;
      /** An empty data folder to copy on a fresh DATA_DIR instead of running initdb. */
      pgdataTemplate?: string;
      /**
       * In memory only (`dataDir: null`): start from this dump (PGlite's `dumpDataDir`) instead of
       * running initdb, which is most of a start. The tests start hundreds of databases this way.
       */
      memoryDump?: Blob;
    }
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
    const pgdata = target.dataDir ? path.join(target.dataDir, 'pgdata') : null;
    // A fresh folder (decided here, under the lock) starts from an empty database when one came
    // with the program: the bundle's folder is copied, the binary's tarball loaded; else initdb.
    const fresh = pgdata !== null && !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
    const { emptyDatabase, initdbWasmModule, ...assets } = target.pgliteAssets ?? {};
    const copied = !fresh
      ? false
      : target.pgdataTemplate
        ? await copyPgdataTemplate(target.pgdataTemplate, pgdata)
        : emptyDatabase
          ? await unpackPgdataTemplate(emptyDatabase(), pgdata)
          : false;
    const memoryDump = pgdata === null ? target.memoryDump : undefined;
    const pglite = await PGlite.create({
      ...(pgdata ? { dataDir: pgdata } : {}),
      ...(memoryDump ? { loadDataDir: memoryDump } : {}),
      ...assets,
      ...(initdbWasmModule && ((pgdata === null && !memoryDump) || (fresh && !copied))
        ? { initdbWasmModule: await initdbWasmModule() }
        : {}),
      parsers: pgliteParsers(),
      // A start parameter (not postgresql.conf, which PGlite would rewrite whole): every start.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const db = new Kysely<Database>({ dialect: new FastPGliteDialect(pglite) });
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
