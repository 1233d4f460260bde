import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { PipelineDeps } from '../events/command';
import { type JobRunner, startJobs } from '../jobs/boss';
import { applyProjections } from '../projections/registry';
import { loadOrCreateKeys, type TokenKeys } from './auth/keys';
import { autoIssueCertificate } from './certificate/commands';
import type { Config } from './config';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { transaction } from './db/transaction';
import { fileStorage } from './files/storage';
import { translator } from './i18n';
import { loadSharp } from './ops/native-sharp';
import { loadTenant, type Tenant } from './tenant/config';

/** Everything a request or a script needs: the database, the command pipeline, jobs and keys. */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  pipeline: PipelineDeps;
  jobs: JobRunner;
  keys: TokenKeys;
  tenant: Tenant;
  log: Logger;
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
  options: { target?: DatabaseTarget; workJobs?: boolean; jobPollingSeconds?: number } = {},
): Promise<Platform> {
  const tenant = loadTenant(config.TENANT_CONFIG);
  const target = options.target ?? databaseTarget(config);
  const database = await openDatabase(target);
  // The auto-issue job runs commands through this platform, which exists once the jobs have started.
  let self: Platform | null = null;
  try {
    const applied = await migrateToLatest(database.db as never);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    const jobs = await startJobs(
      database.pglite
        ? { kind: 'embedded', pglite: database.pglite }
        : { kind: 'server', connectionString: (target as { connectionString: string }).connectionString },
      {
        work: options.workJobs ?? true,
        pollingSeconds: options.jobPollingSeconds,
        settings: {
          notifyEmail: config.NOTIFY_EMAIL,
          publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        },
        dependencies: {
          log,
          db: database.db,
          databaseKind: database.pglite ? 'embedded' : 'server',
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
          translate: (language, key, params) => translator(language)(key, params),
          files: fileStorage(config),
          loadSharp,
          maxImagePixels: config.IMAGE_MAX_MEGAPIXELS * 1_000_000,
          certificates: {
            autoIssue: async (payload) => {
              if (!self) throw new Error('the platform is not started yet');
              await autoIssueCertificate(self, payload);
            },
          },
        },
      },
    );
    const keys = await loadOrCreateKeys(
      target.kind === 'embedded' ? target.dataDir : config.dataDir,
      config.JWT_PRIVATE_KEY ??
        (config.JWT_PRIVATE_KEY_FILE ? readFileSync(config.JWT_PRIVATE_KEY_FILE, 'utf8') : undefined),
    );
    const pipeline: PipelineDeps = {
      db: database.db,
      transaction: (work) => transaction(database.db, work),
      lockStream: async (trx, stream) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${stream}, 0))`.execute(trx);
      },
      project: applyProjections,
      enqueue: jobs.enqueue,
    };
    let closing: Promise<void> | null = null;
    self = {
      config,
      database,
      pipeline,
      jobs,
      keys,
      tenant,
      log,
      close: () => {
        closing ??= (async () => {
          await jobs.stop().catch((error) => log.error({ err: error }, 'stopping jobs failed'));
          await database.close();
        })();
        return closing;
      },
    };
    return self;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
