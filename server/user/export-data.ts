import { sql } from 'kysely';
import type { CommandMeta } from '../../events/command';
import { notFound } from '../../events/errors';
import { requireAdminForAdmin } from '../../events/escalation';
import { type Actor, requireCan } from '../../events/permissions';
import { type Language, languages } from '../../events/shared/fields';
import { readStream, toStored } from '../../events/store';
import { userStream } from '../../events/user/events';
import { findUsersByIds } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { translator } from '../i18n';
import { securityEvent } from '../ops/security-events';
import type { Platform } from '../platform';
import {
  type ActivityRow,
  erasedAt,
  type PersonalDataExport,
  personalDataExport,
  personalEventTypes,
} from './data-export';
import { dataExportHtml } from './data-export-html';
import { exportLabels } from './data-export-labels';
import { executeUser } from './execute-user';

export type DataExportFormat = 'json' | 'html';

/** The file handed to the browser: its name, type and text. */
export interface DataExportFile {
  erased: false;
  fileName: string;
  mimeType: string;
  content: string;
}

/** An admin's export of an erased person: said plainly, with when it happened. */
export interface DataExportErased {
  erased: true;
  erasedAt: string;
}

/**
 * The events about the person (their id in `data.userId`, `personalEventTypes`), opened and upcast,
 * in log order; and the changes they made to anything else, read without opening anyone's data.
 * Read outside any transaction: an export is rare, and its reads must not hold the one session.
 */
async function eventsAbout(db: Db, userId: string) {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('type', 'in', personalEventTypes)
    .where(sql<string>`data->>'userId'`, '=', userId)
    .orderBy('position')
    .execute();
  const about = await toStored(db, rows);
  const made = await db
    .selectFrom('events')
    .select([
      'type',
      sql<string>`meta->>'at'`.as('at'),
      sql<string | null>`data->>'path'`.as('path'),
      // Role names are not personal; any other `name` may be someone's, so it is never read.
      sql<string | null>`case when type like 'Role%' then data->>'name' end`.as('roleName'),
      sql<string | null>`data->>'userId'`.as('about'),
    ])
    .where(sql<string>`meta->>'actorId'`, '=', userId)
    .orderBy('position')
    .execute();
  const personal = new Set(personalEventTypes);
  const activity: ActivityRow[] = made
    // Their own events are exported in full above.
    .filter((row) => !(personal.has(row.type) && row.about === userId))
    .map((row) => ({
      type: row.type,
      at: row.at,
      // Not even the item's path when the change was about another person.
      item: row.about !== null ? null : (row.path ?? row.roleName),
    }));
  return { about, activity };
}

/** The roles of the people who acted on the person's data, so each appears as their part. */
async function rolesOfActors(db: Db, userId: string, actorIds: (string | null)[]) {
  const others = [...new Set(actorIds.filter((id): id is string => id !== null && id !== userId))];
  return new Map((await findUsersByIds(db, others)).map((user) => [user._id, user.roles]));
}

async function build(platform: Platform, userId: string, language: Language | null) {
  const db = platform.database.db;
  const { about, activity } = await eventsAbout(db, userId);
  const exportedAt = new Date().toISOString();
  const rolesOf = await rolesOfActors(
    db,
    userId,
    about.map((event) => event.meta.actorId),
  );
  const first = personalDataExport({ userId, events: about, activity, rolesOf, exportedAt, language: 'en' });
  if ('erased' in first) return first;
  // The readable file speaks the language asked for, else the person's own.
  const own = (languages as readonly string[]).includes(first.profile.language ?? '')
    ? (first.profile.language as Language)
    : 'en';
  return { ...first, language: language ?? own };
}

async function fileOf(
  db: Db,
  result: PersonalDataExport,
  format: DataExportFormat,
  baseName: string,
): Promise<DataExportFile> {
  const day = result.exportedAt.slice(0, 10);
  if (format === 'json') {
    return {
      erased: false,
      fileName: `${baseName}-${day}.json`,
      mimeType: 'application/json',
      content: `${JSON.stringify(result, null, 2)}\n`,
    };
  }
  return {
    erased: false,
    fileName: `${baseName}-${day}.html`,
    mimeType: 'text/html',
    content: dataExportHtml(result, translator(result.language as Language), await exportLabels(db, result)),
  };
}

/**
 * 'Download my data': the signed-in person's own export, in the interface language they use. Only
 * ever their own: the procedure takes no user id. Not recorded (it leaves no one else with their
 * data); an erased account has no token that still works, and no data to give.
 */
export async function myData(
  platform: Platform,
  actor: Actor,
  format: DataExportFormat,
  language: Language,
  requestId?: string,
): Promise<DataExportFile> {
  const result = await build(platform, actor.userId, language);
  if ('erased' in result) throw notFound('dataExport.erased');
  securityEvent(platform.log, 'personal-data-exported', {
    userId: actor.userId,
    actorId: actor.userId,
    scope: 'self',
    format,
    requestId,
  });
  return fileOf(platform.database.db, result, format, 'my-data');
}

/**
 * A subject access request: someone with manage_users produces a person's export, in the person's
 * language. Producing it is recorded on the person's stream (PersonalDataExported) before the file
 * is made, so no copy leaves unrecorded. An erased person gives a plain answer, not a file. An
 * administrator's export is for administrators only.
 */
export async function exportUserData(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  userId: string,
  format: DataExportFormat,
): Promise<DataExportFile | DataExportErased> {
  requireCan(actor, 'manage_users');
  const account = await readStream(platform.database.db, userStream(userId));
  if (account.length === 0) throw notFound('user.notFound');
  const gone = erasedAt(account, userId);
  if (gone) return { erased: true, erasedAt: gone };
  await executeUser(
    platform,
    meta,
    userId,
    { type: 'RecordDataExport', data: { format } },
    { authorize: (state) => requireAdminForAdmin(actor, state.status === 'absent' ? [] : state.roles) },
  );
  const result = await build(platform, userId, null);
  if ('erased' in result) return { erased: true, erasedAt: result.erasedAt };
  securityEvent(platform.log, 'personal-data-exported', {
    userId,
    actorId: actor?.userId ?? null,
    scope: 'person',
    format,
    requestId: meta.requestId,
  });
  return fileOf(
    platform.database.db,
    result,
    format,
    `personal-data-${userId.replace(/[^A-Za-z0-9-]/g, '')}`,
  );
}
