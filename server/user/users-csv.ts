import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import type { SubKey } from '../../events/errors';
import { isAdmin } from '../../events/escalation';
import { type Actor, ADMIN_ROLE } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import {
  type CertificateRecord,
  certificatesOfUsers,
  statusOf,
} from '../../projections/certificate/certificates';
import { allUsers, type UserRecord } from '../../projections/user/users';
import { csvRoute } from '../http/csv-route';
import { type CsvVariant, csvCell, csvSeparator, isoLabel, momentCells } from '../http/csv-variant';
import { translator } from '../i18n';
import { securityEvent } from '../ops/security-events';
import type { Platform } from '../platform';

/** A user with the certificates they hold, as a row of the CSV reads them. */
type UserRow = UserRecord & { certificates: string };

type UsersColumn = SubKey<'usersCsv'>;

/** The columns in order: key, cell, and whether it holds a moment (two columns in a spreadsheet). */
const columns: [UsersColumn, (user: UserRow) => string, 'moment'?][] = [
  ['_id', (u) => u._id],
  ['name', (u) => u.name],
  ['email', (u) => u.email],
  ['phone', (u) => u.phone ?? ''],
  ['profession', (u) => u.profession ?? ''],
  ['riziv', (u) => u.riziv ?? ''],
  ['language', (u) => u.language],
  ['roles', (u) => u.roles.join(' ')],
  ['verified', (u) => String(u.verified)],
  ['fullPrivacy', (u) => String(u.fullPrivacy)],
  ['courses', (u) => u.courses.join(' ')],
  ['modules', (u) => u.modules.join(' ')],
  ['createdAt', (u) => u.createdAt, 'moment'],
  // Last, so that the columns integrators already read keep their places.
  ['certificates', (u) => u.certificates],
];

/**
 * A person's certificates as one cell: `<course or module path>:<valid|expired|revoked>` of the
 * latest certificate per course and module, newest first, separated by spaces (as roles, courses and
 * modules are): what an administrator checks, whether someone holds a standing certificate of X.
 */
export function certificatesCell(certificates: readonly CertificateRecord[], now: Date): string {
  const seen = new Set<string>();
  const cells: string[] = [];
  for (const certificate of certificates) {
    const item = `${certificate.kind}:${certificate.itemId}`;
    if (seen.has(item)) continue;
    seen.add(item);
    cells.push(`${certificate.itemPath}:${statusOf(certificate, now)}`);
  }
  return cells.join(' ');
}

/** The header's cells: the keys (plain) or `<label> [<key>]` in the reader's language (spreadsheet). */
function usersCsvHeader(variant: CsvVariant, t: TFunction): string[] {
  if (variant === 'plain') return columns.map(([key]) => key);
  return columns.flatMap(([key, , moment]) => {
    const label = t(`usersCsv.${key}`);
    return moment ? [`${label} [${key}/local]`, `${isoLabel(label)} [${key}]`] : [`${label} [${key}]`];
  });
}

/** One user's cells, written: a moment is its local time then its ISO value in the spreadsheet variant. */
function usersCsvRow(user: UserRow, variant: CsvVariant): string[] {
  return columns.flatMap(([, cell, moment]) =>
    moment ? momentCells(cell(user), variant) : [csvCell(cell(user))],
  );
}

/**
 * The users as CSV, page by page (UTF-8 with BOM so spreadsheets in nl and fr read accents). Only
 * an administrator exports administrators: for anyone else their rows are left out rather than
 * masked, since a masked row would still say who holds the admin role. The plain variant is what
 * GraphQL's usersCSV gives; the spreadsheet one is described in csv-variant.ts.
 */
export async function* usersCsv(
  platform: Platform,
  actor: Actor,
  requestId?: string,
  {
    variant = 'plain',
    language = 'en',
    now = new Date(),
  }: { variant?: CsvVariant; language?: Language; now?: Date } = {},
): AsyncGenerator<string> {
  securityEvent(platform.log, 'personal-data-exported', {
    userId: null,
    actorId: actor.userId,
    scope: 'all-users',
    format: 'csv',
    requestId,
  });
  const separator = csvSeparator(variant);
  const line = (cells: string[]) => `${cells.join(separator)}\r\n`;
  const shown = (user: UserRecord) => isAdmin(actor) || !user.roles.includes(ADMIN_ROLE);
  yield `\uFEFF${line(usersCsvHeader(variant, translator(language)).map(csvCell))}`;
  const db = platform.database.db;
  for await (const page of allUsers(db)) {
    const users = page.filter(shown);
    const held = new Map<string, CertificateRecord[]>();
    for (const certificate of await certificatesOfUsers(
      db,
      users.map((user) => user._id),
    ))
      held.set(certificate.userId, [...(held.get(certificate.userId) ?? []), certificate]);
    yield users
      .map((user) => {
        const certificates = certificatesCell(held.get(user._id) ?? [], now);
        return line(usersCsvRow({ ...user, certificates }, variant));
      })
      .join('');
  }
}

/** GET /api/users.csv[?for=spreadsheet]: for who manages users. */
export function usersCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  csvRoute(app, {
    url: '/api/users.csv',
    scope: 'users:read',
    right: 'manage_users',
    export: async ({ requestId, variant, language }, actor) => ({
      fileName: 'users.csv',
      noStore: true,
      rows: usersCsv(platform, actor!, requestId, { variant, language }),
    }),
  });
}
