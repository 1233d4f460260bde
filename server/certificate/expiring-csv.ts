import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type Actor, can } from '../../events/permissions';
import type { AnyDb } from '../../projections/db';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { requestActor } from '../plugins/request-actor';
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
  db: AnyDb,
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
export async function expiringCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  app.get('/api/certificates/expiring.csv', async (request, reply) => {
    const actor = await requestActor(platform, request);
    const t = translator(requestLanguage(request.headers));
    if (!actor) return reply.code(401).send({ message: t('errors.unauthenticated') });
    if (!can(actor, 'manage_users')) return reply.code(403).send({ message: t('errors.forbidden') });
    const now = new Date();
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="expiring-certificates-${now.toISOString().slice(0, 10)}.csv"`,
      )
      .send(Readable.from(expiringCsv(platform.database.db, actor, now)));
  });
}
