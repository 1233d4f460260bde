import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startPlatform } from '../../server/platform';
import { startTestPlatform, type TestPlatform } from '../harness';

/**
 * A test platform that stops and starts again on the same database, as an operator's restart
 * does: a data folder on disk (embedded) or the same PostgreSQL database.
 */
export async function restartablePlatform(kind: 'pglite' | 'postgres') {
  const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'restartable-')) : undefined;
  const first = await startTestPlatform(kind, { dataDir });
  let current: TestPlatform = first;
  return {
    get platform(): TestPlatform {
      return current;
    },
    async restart(): Promise<TestPlatform> {
      await current.close();
      if (dataDir) {
        current = await startTestPlatform(kind, { dataDir });
      } else {
        const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
        const next = await startPlatform(first.config, log, {
          target: first.database.target,
          workJobs: false,
        });
        current = { ...next, dispose: () => next.close() };
      }
      return current;
    },
    async dispose() {
      await current.dispose();
      await first.dispose(); // drops the PostgreSQL database
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
