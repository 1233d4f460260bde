import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { PipelineDeps } from '../events/command';
import { type JobDatabase, type JobRunner, startJobs } from '../jobs/boss';
import { catchUpInShadow, catchUpProjections } from '../projections/lifecycle';
import { applyProjections } from '../projections/registry';
import { followUpsOf, runEffects } from '../reactions/registry';
import { loadOrCreateKeys, type TokenKeys } from './auth/keys';
import { sendLiveReminders } from './calendar/reminders';
import { autoIssueCertificate } from './certificate/commands';
import { sendCertificateReminders } from './certificate/reminders';
import { type Config, ConfigError } from './config';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { transaction } from './db/transaction';
import { checkBucket } from './file/s3-storage';
import { fileStorage } from './file/storage';
import { translator } from './i18n';
import { sendModuleScore } from './lti/grades';
import { loadSharp } from './ops/native-sharp';
import { loadTenant, type Tenant } from './tenant/config';
import { fixXapiBase } from './xapi/bases';

/** Everything a request or a script needs: the database, the command pipeline, jobs and keys. */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  pipeline: PipelineDeps;
  jobs: JobRunner;
  keys: TokenKeys;
  tenant: Tenant;
  log: Logger;
  /**
   * Settles once every projection is built with this build's version: at once, unless this
   * instance is rebuilding some in shadow tables on PostgreSQL while it serves (`catchUp: 'background'`).
   */
  catchingUp: Promise<void>;
  close(): Promise<void>;
}

export function databaseTarget(config: Config, inMemory = false): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'server', connectionString: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { kind: 'embedded', dataDir: inMemory ? null : config.dataDir };
}

export async function startPlatform(
  config: Config,
  log: Logger,
  options: {
    target?: DatabaseTarget;
    /** `'later'`: the caller starts the workers (`jobs.startWorkers()`), as the server does once it listens. */
    workJobs?: boolean | 'later';
    jobPollingSeconds?: number;
    /**
     * On PostgreSQL, `'background'`: projections that are new or changed are rebuilt in shadow tables
     * while this instance already serves, as other instances do (the server). Otherwise, and always on
     * the embedded database, they are rebuilt before the platform is returned.
     */
    catchUp?: 'before' | 'background';
  } = {},
): Promise<Platform> {
  const tenant = loadTenant(config.TENANT_CONFIG);
  const target = options.target ?? databaseTarget(config);
  // A bucket that is missing, denied or out of reach stops the start with what to correct.
  if (config.STORAGE_DRIVER === 's3') await checkBucket(config);
  // Read while the database opens: waiting behind it, the key file's read waited for PGlite's
  // WebAssembly to finish compiling in the background (0.2-0.6 s of every start).
  const loadingKeys = signingKeys(config, target.kind === 'embedded' ? target.dataDir : config.dataDir);
  loadingKeys.catch(() => {}); // awaited below; a failure is reported there
  const database = await openDatabase(target).catch(async (error: unknown) => {
    await loadingKeys.catch(() => {});
    throw error;
  });
  // Uploads cut short (a shutdown that ran out of time, a kill -9) leave `.part` files: gone before
  // the platform is returned, swept while the database migrates and the jobs start. The data
  // folder's lock (embedded database on disk) makes the folder this process's alone; otherwise other
  // processes may share it and be writing, so only parts untouched for an hour go.
  const exclusive = target.kind === 'embedded' && target.dataDir !== null;
  const sweeping = fileStorage(config)
    .sweepPartial(new Date(exclusive ? Date.now() : Date.now() - 3_600_000))
    .then(
      (swept) => {
        if (swept > 0) log.info({ files: swept }, 'removed unfinished uploads');
      },
      (error: unknown) => log.warn({ err: error }, 'could not sweep unfinished uploads'),
    );
  // The auto-issue job runs commands through this platform, which exists once the jobs have started.
  let self: Platform | null = null;
  let stopping = false;
  try {
    const applied = await migrateToLatest(database.db as never);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    // Before the projections catch up: the xAPI statements they make name activities under it.
    await fixXapiBase(
      database.db,
      config.XAPI_IRI_BASE,
      config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    );
    // New or changed projections are rebuilt from the log: on the embedded database before anything
    // reads them; on PostgreSQL in shadow tables, so that instances serving from them are not held.
    const startedCatchUp = performance.now();
    const catchingUp = (
      database.pglite
        ? catchUpProjections((work) => transaction(database.db, work))
        : catchUpInShadow(database.db, (work) => transaction(database.db, work), { stopped: () => stopping })
    ).then((caughtUp) => {
      if (caughtUp.projections.length > 0)
        log.info(
          { ...caughtUp, ms: Math.round(performance.now() - startedCatchUp) },
          'rebuilt new or changed projections from the log',
        );
    });
    if (database.pglite || options.catchUp !== 'background') await catchingUp;
    else catchingUp.catch((error: unknown) => log.error({ err: error }, 'rebuilding projections failed'));
    const keys = await loadingKeys;
    const jobs = await startJobs(jobDatabaseOf(database), {
      work: options.workJobs ?? true,
      pollingSeconds: options.jobPollingSeconds,
      dependencies: {
        log,
        db: database.db,
        databaseKind: database.pglite ? 'embedded' : 'server',
        smtpUrl: config.SMTP_URL,
        printKept:
          config.NODE_ENV === 'development' && !config.SMTP_URL
            ? (text: string) => process.stdout.write(text)
            : undefined,
        from: config.MAIL_FROM,
        publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        translate: (language, key, params) => translator(language)(key, params),
        files: fileStorage(config),
        loadSharp,
        maxImagePixels: config.IMAGE_MAX_MEGAPIXELS * 1_000_000,
        lrs: config.XAPI_ENDPOINT
          ? { endpoint: config.XAPI_ENDPOINT, key: config.XAPI_KEY!, secret: config.XAPI_SECRET! }
          : null,
        certificates: {
          autoIssue: async (payload) => {
            if (!self) throw new Error('the platform is not started yet');
            await autoIssueCertificate(self, payload);
          },
        },
        reminders: {
          send: async (now) => {
            if (!self) throw new Error('the platform is not started yet');
            return sendCertificateReminders(self, now);
          },
        },
        lti: {
          sendScore: async ({ userId, moduleId }) => {
            if (!self) throw new Error('the platform is not started yet');
            await sendModuleScore(self, userId, moduleId);
          },
        },
        liveReminders: {
          send: async (now) => {
            if (!self) throw new Error('the platform is not started yet');
            return sendLiveReminders(self, now);
          },
        },
      },
    });
    const followUpSettings = {
      notifyEmail: config.NOTIFY_EMAIL,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    };
    const pipeline: PipelineDeps = {
      db: database.db,
      transaction: (work) => transaction(database.db, work),
      // The embedded database runs one transaction at a time (kysely holds its one connection
      // for the whole transaction), so writers of a stream already queue: no lock to take.
      lockStream: database.pglite
        ? async () => {}
        : async (trx, stream) => {
            await sql`select pg_advisory_xact_lock(hashtextextended(${stream}, 0))`.execute(trx);
          },
      project: applyProjections,
      react: async (trx, events) => {
        await runEffects(trx, events);
        await jobs.enqueue(
          trx,
          events.flatMap((event) => followUpsOf(event, followUpSettings)),
        );
      },
    };
    await sweeping;
    let closing: Promise<void> | null = null;
    self = {
      config,
      database,
      pipeline,
      jobs,
      keys,
      tenant,
      log,
      catchingUp,
      close: () => {
        closing ??= (async () => {
          stopping = true;
          await catchingUp.catch(() => {});
          await jobs.stop().catch((error) => log.error({ err: error }, 'stopping jobs failed'));
          await database.close();
        })();
        return closing;
      },
    };
    return self;
  } catch (error) {
    await sweeping;
    await database.close().catch(() => {});
    throw error;
  }
}

/** pg-boss on the platform's own database: its PGlite instance, or the same PostgreSQL server. */
export function jobDatabaseOf(database: DatabaseHandle): JobDatabase {
  return database.pglite
    ? { kind: 'embedded', pglite: database.pglite }
    : {
        kind: 'server',
        connectionString: (database.target as { connectionString: string }).connectionString,
      };
}

/** The signing key given by JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE (one that fails names its variable), else DATA_DIR's. */
async function signingKeys(config: Config, dataDir: string | null): Promise<TokenKeys> {
  const variable = config.JWT_PRIVATE_KEY
    ? 'JWT_PRIVATE_KEY'
    : config.JWT_PRIVATE_KEY_FILE
      ? 'JWT_PRIVATE_KEY_FILE'
      : null;
  if (!variable) return loadOrCreateKeys(dataDir);
  try {
    const jwk = config.JWT_PRIVATE_KEY ?? readFileSync(config.JWT_PRIVATE_KEY_FILE!, 'utf8');
    return await loadOrCreateKeys(dataDir, jwk);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ${variable}: not a usable signing key (${(error as Error).message})`,
    );
  }
}
