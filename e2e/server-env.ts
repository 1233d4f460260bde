import path from 'node:path';
import { admin, mailSink } from './accounts';

/** Where the servers of this run serve the client from: a run with its own ports builds its own. */
export const clientDist = process.env.E2E_PORT_OFFSET
  ? `dist/client-e2e-${process.env.E2E_PORT_OFFSET}`
  : 'dist/client';

/**
 * The environment of one test server as `npm start` gets it: production mode, the embedded
 * database in a folder of this run, the fixed administrator, and mail to the sink when seeded.
 */
export function serverEnv(port: number, seed: boolean, name = seed ? 'demo' : 'empty', mail = seed) {
  const dataRoot = process.env.E2E_DATA_ROOT;
  if (!dataRoot) throw new Error('E2E_DATA_ROOT is set by playwright.config.ts');
  return {
    CLIENT_DIST: clientDist,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataRoot, name),
    SEED_DEMO: String(seed),
    LOG_LEVEL: 'warn',
    // Also makes the client build a production one (React's dev build otherwise).
    NODE_ENV: 'production',
    // e2e always runs on the embedded database, whatever the shell says.
    DATABASE_URL: '',
    // Production refuses to start without its public address, or without any administrator.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Every journey signs up from 127.0.0.1, like a whole training room behind one router: the
    // default 50 per 15 minutes ran out late in the suite (sign-ups refused with 429).
    AUTH_LIMIT_PER_ADDRESS: '1000',
    ...(mail
      ? {
          SMTP_URL: `smtp://127.0.0.1:${mailSink.smtpPort}`,
          MAIL_FROM: 'Platform <no-reply@example.org>',
        }
      : {}),
  };
}
