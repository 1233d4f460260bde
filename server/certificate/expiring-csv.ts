import type { FastifyInstance } from 'fastify';
import type { SubKey } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import type { Db } from '../db/tables';
import { csvRoute } from '../http/csv-route';
import { type CsvVariant, csvCell, csvSeparator, isoLabel, momentCells } from '../http/csv-variant';
import { translator } from '../i18n';
import type { Platform } from '../platform';
import { type ExpiringEntry, expiringPages } from './expiring';

/**
 * Stable column keys, as the users CSV has them: for spreadsheets and for scripts alike. A moment
 * is marked: the spreadsheet variant gives it two columns, local time then ISO.
 */
const columns: [SubKey<'expiringCsv'>, (entry: ExpiringEntry) => string, 'moment'?][] = [
  ['code', (e) => e.code],
  ['kind', (e) => e.kind],
  ['item', (e) => e.itemPath],
  ['itemName', (e) => e.itemName],
  ['_id', (e) => e.userId],
  ['name', (e) => e.name],
  ['email', (e) => e.email],
  ['language', (e) => e.language],
  ['issuedAt', (e) => e.issuedAt, 'moment'],
  ['expiresAt', (e) => e.expiresAt, 'moment'],
  ['daysLeft', (e) => String(e.daysLeft)],
  ['remindersSent', (e) => e.reminded.join(' ')],
];

/** The header: the keys (plain) or `<label> [<key>]` in the reader's language (spreadsheet). */
function expiringCsvHeader(variant: CsvVariant, language: Language): string[] {
  if (variant === 'plain') return columns.map(([key]) => key);
  const t = translator(language);
  return columns.flatMap(([key, , moment]) => {
    const label = t(`expiringCsv.${key}`);
    return moment ? [`${label} [${key}/local]`, `${isoLabel(label)} [${key}]`] : [`${label} [${key}]`];
  });
}

/** The expiring certificates as CSV, page by page (UTF-8 with BOM so spreadsheets in nl and fr read accents). */
export async function* expiringCsv(
  db: Db,
  actor: Actor,
  now = new Date(),
  pageSize?: number,
  { variant = 'plain', language = 'en' }: { variant?: CsvVariant; language?: Language } = {},
): AsyncGenerator<string> {
  const separator = csvSeparator(variant);
  const line = (cells: string[]) => `${cells.join(separator)}\r\n`;
  yield `\uFEFF${line(expiringCsvHeader(variant, language).map(csvCell))}`;
  for await (const page of expiringPages(db, actor, now, pageSize)) {
    yield page
      .map((entry) =>
        line(
          columns.flatMap(([, cell, moment]) =>
            moment ? momentCells(cell(entry), variant) : [csvCell(cell(entry))],
          ),
        ),
      )
      .join('');
  }
}

/** GET /api/certificates/expiring.csv[?for=spreadsheet]: for who manages users (the list names every holder). */
export function expiringCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  csvRoute(app, {
    url: '/api/certificates/expiring.csv',
    scope: 'certificates:read',
    right: 'manage_users',
    export: async ({ variant, language }, actor) => {
      const now = new Date();
      return {
        fileName: `expiring-certificates-${now.toISOString().slice(0, 10)}.csv`,
        noStore: true,
        rows: expiringCsv(platform.database.db, actor!, now, undefined, { variant, language }),
      };
    },
  });
}
