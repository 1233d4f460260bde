import type { FastifyInstance } from 'fastify';
import { isAdmin } from '../../events/escalation';
import { type Actor, ADMIN_ROLE } from '../../events/permissions';
import { allUsers, type UserRecord } from '../../projections/user/users';
import { csvRoute } from '../http/csv-route';
import { securityEvent } from '../ops/security-events';
import type { Platform } from '../platform';

const columns: [string, (user: UserRecord) => string][] = [
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
  ['createdAt', (u) => u.createdAt],
];

/** One CSV cell: quoted, and neutralised when a spreadsheet would read it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The users as CSV, page by page (UTF-8 with BOM so spreadsheets in nl and fr read accents). Only
 * an administrator exports administrators: for anyone else their rows are left out rather than
 * masked, since a masked row would still say who holds the admin role.
 */
export async function* usersCsv(
  platform: Platform,
  actor: Actor,
  requestId?: string,
): AsyncGenerator<string> {
  securityEvent(platform.log, 'personal-data-exported', {
    userId: null,
    actorId: actor.userId,
    scope: 'all-users',
    format: 'csv',
    requestId,
  });
  const shown = (user: UserRecord) => isAdmin(actor) || !user.roles.includes(ADMIN_ROLE);
  yield `\uFEFF${columns.map(([name]) => csvCell(name)).join(',')}\r\n`;
  for await (const page of allUsers(platform.database.db)) {
    yield page
      .filter(shown)
      .map((user) => `${columns.map(([, cell]) => csvCell(cell(user))).join(',')}\r\n`)
      .join('');
  }
}

/** GET /api/users.csv: for who manages users. */
export function usersCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  csvRoute(app, {
    url: '/api/users.csv',
    right: 'manage_users',
    export: async ({ requestId }, actor) => ({
      fileName: 'users.csv',
      noStore: true,
      rows: usersCsv(platform, actor!, requestId),
    }),
  });
}
