import pino from 'pino';
import { seedDemo } from '../scripts/seed/demo';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { isEmptyStore } from './db/is-empty';
import { startPlatform } from './platform';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const log = pino({ level: config.LOG_LEVEL });
const startedAt = performance.now();

const platform = await startPlatform(config, log).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) fail(error.message);
  log.fatal({ err: error }, 'could not start');
  fail(`Could not start: ${(error as Error).message}`);
});

if (config.SEED_DEMO && (await isEmptyStore(platform.database.db))) {
  const count = await seedDemo(platform);
  log.info({ courses: count }, 'demo content seeded');
}

const app = await buildApp(platform);
await app.listen({ port: config.PORT, host: config.HOST }).catch(async (error: Error) => {
  await platform.close();
  fail(`Could not listen on ${config.HOST}:${config.PORT}: ${error.message}`);
});

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
const mode =
  platform.database.target.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
process.stdout.write(
  `\n  Platform ready in ${Math.round(performance.now() - startedAt)} ms (${mode}).\n  Open http://${shownHost}:${port}/\n\n`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
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
