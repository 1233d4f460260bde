import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../events/permissions';
import type { Db } from '../db/tables';
import { csvRoute } from '../http/csv-route';
import type { Platform } from '../platform';
import { csvCell } from '../user/users-csv';
import { type ExpiringEntry, expiringPages } from './expiring';

/** Stable column keys, as the users CSV has them: for spreadsheets and for scripts alike. */
const columns: [string, (entry: ExpiringEntry) => string][] = [
  ['code', (e) => e.code],
  ['kind', (e) => e.kind],
  ['item', (e) => e.itemPath],
  ['itemName', (e) => e.itemName],
  ['_id', (e) => e.userId],
  ['name', (e) => e.name],
  ['email', (e) => e.email],
  ['language', (e) => e.language],
  ['issuedAt', (e) => e.issuedAt],
  ['expiresAt', (e) => e.expiresAt],
  ['daysLeft', (e) => String(e.daysLeft)],
  ['remindersSent', (e) => e.reminded.join(' ')],
];

/** The expiring certificates as CSV, page by page (UTF-8 with BOM so spreadsheets in nl and fr read accents). */
export async function* expiringCsv(
  db: Db,
  actor: Actor,
  now = new Date(),
  pageSize?: number,
): AsyncGenerator<string> {
  yield `\uFEFF${columns.map(([name]) => csvCell(name)).join(',')}\r\n`;
  for await (const page of expiringPages(db, actor, now, pageSize)) {
    yield page.map((entry) => `${columns.map(([, cell]) => csvCell(cell(entry))).join(',')}\r\n`).join('');
  }
}

/** GET /api/certificates/expiring.csv: for who manages users (the list names every holder). */
export function expiringCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  csvRoute(app, {
    url: '/api/certificates/expiring.csv',
    right: 'manage_users',
    export: async (_request, actor) => {
      const now = new Date();
      return {
        fileName: `expiring-certificates-${now.toISOString().slice(0, 10)}.csv`,
        noStore: true,
        rows: expiringCsv(platform.database.db, actor!, now),
      };
    },
  });
}
