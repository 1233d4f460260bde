import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Config } from '../config';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { checkBucket } from '../file/s3-storage';
import { fileStorage } from '../file/storage';
import { databaseTarget } from '../platform';
import { fixXapiBase } from '../xapi/bases';
import { BackupError, type BackupSummary, exportBackup, importBackup } from './backup';
import {
  checksumsName,
  exportFiles,
  type FilesSummary,
  filesFolder,
  restoreFiles,
  verifyFiles,
} from './backup-files';
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

/** Where uploads are, in messages. */
const store = (config: Config) =>
  config.STORAGE_DRIVER === 's3' ? `bucket ${config.S3_BUCKET}` : path.join(config.dataDir, 'files');
const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function runExport(
  config: Config,
  file: string,
  options: { withFiles?: boolean } = {},
): Promise<void> {
  // A mistyped DATA_DIR would otherwise create an empty database and export nothing, successfully.
  if (!config.DATABASE_URL && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    throw new BackupError(
      `There is no embedded database in ${config.dataDir} to export. Set DATA_DIR to the data folder, or DATABASE_URL.`,
    );
  }
  if (options.withFiles && file === '-') {
    throw new BackupError(
      'export --with-files writes the uploads to a folder beside the backup: give a file name, not -.',
    );
  }
  if (options.withFiles && config.STORAGE_DRIVER === 's3') await checkBucket(config);
  const started = performance.now();
  if (file === '-') {
    const summary = await withDatabase(config, (db) =>
      exportBackup(db, process.stdout, { platformVersion: version }),
    );
    reportExport(config, summary, 'standard output', started);
    return;
  }
  // Written aside and renamed when complete: a failed export never looks like a backup.
  const partial = `${file}.partial`;
  const partialFiles = `${filesFolder(file)}.partial`;
  try {
    const summary = await withDatabase(config, async (db) => {
      const out = fs.createWriteStream(partial, { flags: 'w' });
      try {
        const result = await exportBackup(db, out, { platformVersion: version });
        out.end();
        await finished(out);
        return result;
      } catch (error) {
        out.destroy();
        throw error;
      }
    });
    // The uploads after the log: every file an exported event names was stored before it.
    let files: FilesSummary | null = null;
    const filesStarted = performance.now();
    if (options.withFiles) {
      fs.rmSync(partialFiles, { recursive: true, force: true });
      files = await exportFiles(fileStorage(config), partialFiles);
      fs.rmSync(filesFolder(file), { recursive: true, force: true });
      fs.renameSync(partialFiles, filesFolder(file));
    }
    fs.renameSync(partial, file);
    reportExport(config, summary, file, started);
    if (files) {
      process.stderr.write(
        `Exported ${files.files} files (${megabytes(files.bytes)}) from ${store(config)} to ${filesFolder(file)}, ` +
          `with their SHA-256 in ${checksumsName}, in ${Math.round(performance.now() - filesStarted)} ms.\n`,
      );
    }
  } catch (error) {
    fs.rmSync(partial, { force: true });
    fs.rmSync(partialFiles, { recursive: true, force: true });
    throw error;
  }
}

function reportExport(config: Config, summary: BackupSummary, to: string, started: number) {
  process.stderr.write(
    `Exported ${summary.events} events and ${summary.rows} private rows from ${where(config)} ` +
      `to ${to} in ${Math.round(performance.now() - started)} ms (${summary.checksum}).\n`,
  );
}

/**
 * Imports the log, and the uploads when the backup has them (`<file>.files/`): every file's
 * checksum is verified before the database is opened, and the files are written into the configured
 * store (local or s3) inside the import's transaction, so a refused backup changes nothing.
 */
export async function runImport(
  config: Config,
  file: string,
  options: { withFiles?: boolean } = {},
): Promise<void> {
  const started = performance.now();
  const folder = file === '-' ? null : filesFolder(file);
  const hasFiles = folder !== null && fs.existsSync(folder);
  if (options.withFiles && !hasFiles) {
    throw new BackupError(
      `import --with-files: there is no folder ${folder ?? '<file>.files'} beside the backup${file === '-' ? ' (standard input has none)' : ''}. Nothing was imported.`,
    );
  }
  const entries = hasFiles ? await verifyFiles(folder) : null;
  if (entries && config.STORAGE_DRIVER === 's3') await checkBucket(config);
  const input = file === '-' ? process.stdin : fs.createReadStream(file);
  let files: FilesSummary | null = null;
  const summary = await withDatabase(config, async (db) => {
    // The statements the import rebuilds name activities under this base, unless the backup brings its own.
    await fixXapiBase(db, config.XAPI_IRI_BASE, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
    return importBackup(db, input, {
      beforeCommit: entries
        ? async () => {
            files = await restoreFiles(fileStorage(config), folder!, entries);
          }
        : undefined,
    });
  });
  process.stderr.write(
    `Imported ${summary.events} events and ${summary.rows} private rows into ${where(config)} and rebuilt ` +
      `every read table in ${Math.round(performance.now() - started)} ms.\n`,
  );
  const restored = files as FilesSummary | null;
  if (restored) {
    process.stderr.write(
      `Restored ${restored.files} files (${megabytes(restored.bytes)}) from ${folder} into ${store(config)}, every checksum verified.\n`,
    );
  }
}
