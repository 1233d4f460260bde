import pino from 'pino';
import { searchUsers } from '../projections/user/users';
import { buildApp } from './app';
import { bootstrapIdentity } from './auth/bootstrap';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { isEmptyStore } from './db/is-empty';
import { bundledPgdataTemplate } from './db/pgdata-template';
import { DatabaseUnreachableError, takeStartupLock, unreachableMessage } from './db/startup-lock';
import { seedDemo } from './demo/seed';
import { abortUnfinishedUploads } from './file/s3-storage';
import { removeUnfinishedWrites } from './file/storage';
import { BackupError } from './ops/backup';
import { runExport, runImport } from './ops/backup-command';
import { extractClient, isBinary, withBundledAssets } from './ops/bundled-assets';
import { helpText, parseCommandLine, version } from './ops/cli';
import { administratorProblems, configurationProblems, type StartProblem } from './ops/production-checks';
import { databaseTarget, startPlatform } from './platform';

/**
 * The process (`npm start`, and the single executable): `serve` by default, `export <file>`,
 * `import <file>`, `--help`, `--version`. No top-level await: the binary bundles this to CommonJS.
 */

function fail(message: string, code = 1): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(code);
}

function configOrExit(): Config {
  // The binary serves the client it carries unless told otherwise.
  const env =
    isBinary() && !process.env.CLIENT_DIST ? { ...process.env, CLIENT_DIST: extractClient() } : process.env;
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * Production's refusals stop the start with their message; its warnings go to standard error,
 * framed so they stand out of the log lines, and to the log.
 */
function report(problems: StartProblem[], log: pino.Logger): StartProblem[] {
  for (const problem of problems.filter((each) => each.level === 'warn')) {
    log.warn({ variable: problem.variable }, problem.message);
    process.stderr.write(`\n  WARNING (NODE_ENV=production): ${problem.message}\n\n`);
  }
  return problems.filter((each) => each.level === 'refuse');
}

const refusal = (problems: StartProblem[]) =>
  `Not starting (NODE_ENV=production):\n${problems.map((problem) => `  ${problem.variable}: ${problem.message}`).join('\n')}`;

async function serve(): Promise<void> {
  const config = configOrExit();
  const log = pino({ level: config.LOG_LEVEL });
  const startedAt = performance.now();
  const refused = report(configurationProblems(config), log);
  if (refused.length > 0) fail(refusal(refused));

  const target = await withBundledAssets(databaseTarget(config));
  // Run from the bundle, a fresh data folder is a copy of the empty one built with it.
  if (target.kind === 'embedded') target.pgdataTemplate = bundledPgdataTemplate(import.meta.url);
  const couldNotStart = (error: unknown): never => {
    if (
      error instanceof DataDirLockedError ||
      error instanceof ConfigError ||
      error instanceof DatabaseUnreachableError
    )
      fail(error.message);
    const unreachable = target.kind === 'server' ? unreachableMessage(target.connectionString, error) : null;
    if (unreachable) fail(unreachable);
    log.fatal({ err: error }, 'could not start');
    fail(`Could not start: ${(error as Error).message}`);
  };
  // On a shared PostgreSQL database, instances starting together take turns for the start-up work
  // (migrations, catching up projections, the demo, the signing key): the first does it, the rest
  // find it done. The embedded database is this process's alone (the data folder's lock).
  const releaseStartup =
    target.kind === 'server'
      ? await takeStartupLock(target.connectionString, log).catch(couldNotStart)
      : async () => {};
  const platform = await startPlatform(config, log, {
    target,
    workJobs: 'later',
    catchUp: 'background',
  }).catch(couldNotStart);

  const empty = await isEmptyStore(platform.database.db);
  const seeding = config.SEED_DEMO && empty;
  const administrators =
    config.NODE_ENV === 'production'
      ? (await searchUsers(platform.database.db, { role: 'admin' })).length
      : 0;
  const noAdministrator = report(administratorProblems(config, { empty, seeding, administrators }), log);
  if (noAdministrator.length > 0) {
    await platform.close();
    fail(refusal(noAdministrator));
  }
  await bootstrapIdentity(platform).catch(async (error: unknown) => {
    await platform.close();
    couldNotStart(error);
  });
  let demoLogin = '';
  if (seeding) {
    const { courses, admin } = await seedDemo(platform);
    log.info({ courses }, 'demo content seeded');
    // Printed once: the password is random and kept only as a hash.
    demoLogin = admin
      ? `\n  Demo admin: ${admin.email}  password: ${admin.password}  (shown only now)`
      : `\n  Admin: ${config.ADMIN_EMAIL} (password from ADMIN_PASSWORD)`;
  }
  await releaseStartup();

  const app = await buildApp(platform);
  await app.listen({ port: config.PORT, host: config.HOST }).catch(async (error: Error) => {
    await platform.close();
    fail(`HOST, PORT: could not listen on ${config.HOST}:${config.PORT}: ${error.message}`);
  });

  // Jobs are queued from the first request on; this instance's workers start once it answers.
  await platform.jobs.startWorkers().catch(async (error: Error) => {
    log.fatal({ err: error }, 'could not start the job workers');
    await app.close();
    await platform.close();
    fail(`Could not start the job workers: ${error.message}`);
  });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const mode =
    platform.database.target.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  // Behind a proxy the public address is the one to open; the local one is where it listens.
  const open = config.PUBLIC_URL
    ? `${config.PUBLIC_URL}  (listening on ${config.HOST}:${port})`
    : `http://${shownHost}:${port}/`;
  // On a developer's machine without a mail server the codes mails carry are printed here instead.
  const mails =
    config.NODE_ENV === 'development' && !config.SMTP_URL
      ? '\n  Mails are not sent (no SMTP_URL): each one, sign-up codes included, is printed here.'
      : '';
  process.stdout.write(
    `\n  Platform ready in ${Math.round(performance.now() - startedAt)} ms (${mode}).\n  Open ${open}${demoLogin}${mails}\n\n`,
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      // Uploads still arriving are cut: their unfinished files go with them (on S3, their multipart
      // uploads are aborted, given two seconds at most).
      removeUnfinishedWrites();
      const aborted = setTimeout(() => process.exit(1), 2000);
      void abortUnfinishedUploads().finally(() => {
        clearTimeout(aborted);
        process.exit(1);
      });
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close(); // in-flight requests finish first
      await platform.close(); // jobs stop, then the database closes
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function main(): Promise<void> {
  const command = parseCommandLine(process.argv.slice(2));
  switch (command.name) {
    case 'help':
      process.stdout.write(helpText());
      return;
    case 'version':
      process.stdout.write(`${version}\n`);
      return;
    case 'export':
      return runExport(configOrExit(), command.file, { withFiles: command.withFiles === true });
    case 'import':
      return runImport(configOrExit(), command.file, { withFiles: command.withFiles === true });
    case 'invalid':
      return fail(`${command.message}\n\n${helpText()}`, 2);
    case 'serve':
      return serve();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof BackupError ||
    error instanceof DataDirLockedError ||
    error instanceof ConfigError ||
    error instanceof DatabaseUnreachableError
  ) {
    fail(error.message);
  }
  // export and import reach the database as the server does: a failure names the variable too.
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const unreachable = databaseUrl ? unreachableMessage(databaseUrl, error) : null;
  if (unreachable) fail(unreachable);
  fail(`Failed: ${(error as Error).stack ?? error}`);
});
