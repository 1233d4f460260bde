import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Config } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { databaseTarget } from '../platform';
import { BackupError, exportBackup, importBackup } from './backup';
import { withBundledAssets } from './bundled-assets';
import { version } from './cli';

/**
 * The `export` and `import` commands: they open the configured database themselves (no HTTP, no
 * jobs), so on the embedded database stop the server first (the data folder lock says so).
 * Messages go to standard error: standard output may be the backup itself.
 */
async function withDatabase<T>(config: Config, work: (db: Parameters<typeof exportBackup>[0]) => Promise<T>) {
  const database = await openDatabase(await withBundledAssets(databaseTarget(config)));
  try {
    await migrateToLatest(database.db as never);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const where = (config: Config) =>
  config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;

export async function runExport(config: Config, file: string): Promise<void> {
  // A mistyped DATA_DIR would otherwise create an empty database and export nothing, successfully.
  if (!config.DATABASE_URL && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    throw new BackupError(
      `There is no embedded database in ${config.dataDir} to export. Set DATA_DIR to the data folder, or DATABASE_URL.`,
    );
  }
  const started = performance.now();
  const summary = await withDatabase(config, async (db) => {
    if (file === '-') return exportBackup(db, process.stdout, { platformVersion: version });
    // Written aside and renamed when complete: a failed export never looks like a backup.
    const partial = `${file}.partial`;
    const out = fs.createWriteStream(partial, { flags: 'w' });
    try {
      const result = await exportBackup(db, out, { platformVersion: version });
      out.end();
      await finished(out);
      fs.renameSync(partial, file);
      return result;
    } catch (error) {
      out.destroy();
      fs.rmSync(partial, { force: true });
      throw error;
    }
  });
  process.stderr.write(
    `Exported ${summary.events} events and ${summary.rows} private rows from ${where(config)} ` +
      `to ${file === '-' ? 'standard output' : file} in ${Math.round(performance.now() - started)} ms (${summary.checksum}).\n`,
  );
}

export async function runImport(config: Config, file: string): Promise<void> {
  const started = performance.now();
  const input = file === '-' ? process.stdin : fs.createReadStream(file);
  const summary = await withDatabase(config, (db) => importBackup(db, input));
  process.stderr.write(
    `Imported ${summary.events} events and ${summary.rows} private rows into ${where(config)} and rebuilt ` +
      `every read table in ${Math.round(performance.now() - started)} ms.\n`,
  );
}
