import { type ColumnType, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** "Which expiry reminders went out for this certificate": one row per certificate and threshold. */
export interface CertificateRemindersTable {
  certificate_id: string;
  user_id: string;
  days_before: number;
  sent_at: ColumnType<Date, string, never>;
}

export interface CertificateReminderTables {
  certificate_reminders: CertificateRemindersTable;
}

const handles = ['CertificateReminderSent', 'UserDeleted'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<CertificateReminderTables>, stored: StoredOf<Handled>) {
  if (stored.type === 'UserDeleted') {
    await trx.deleteFrom('certificate_reminders').where('user_id', '=', stored.data.userId).execute();
    return;
  }
  const data = stored.data;
  await trx
    .insertInto('certificate_reminders')
    .values({
      certificate_id: data.certificateId,
      user_id: data.userId,
      days_before: data.daysBefore,
      sent_at: data.sentAt,
    })
    .onConflict((oc) => oc.columns(['certificate_id', 'days_before']).doNothing())
    .execute();
}

export const certificateRemindersProjection: Projection<CertificateReminderTables, Handled> = {
  name: 'certificate_reminders',
  version: 1,
  tables: ['certificate_reminders'],
  handles,
  apply,
};

/** A standing timed certificate that expires within the window, with the reminders it had. */
export interface ExpiringCertificate {
  certificateId: string;
  code: string;
  kind: 'module' | 'course';
  itemId: string;
  itemPath: string;
  userId: string;
  issuedAt: string;
  expiresAt: string;
  /** Thresholds (days before expiry) already reminded of. */
  reminded: number[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Where a page of expiring certificates starts: after this one, in the list's order. */
export interface ExpiringCursor {
  expiresAt: string;
  certificateId: string;
}

/**
 * Certificates that are neither revoked nor superseded by a later one for the same holder and item
 * and that expire after `now` and no later than `until`, soonest first. Erased holders' certificates
 * are gone from `certificates` already (projections/certificate/certificates.ts). With `page`, at
 * most `limit` of them after `after` (keyset paging, for exports that stream).
 */
export async function expiringCertificates(
  db: Db,
  now: Date,
  until: Date,
  page?: { after: ExpiringCursor | null; limit: number },
): Promise<ExpiringCertificate[]> {
  const after = page?.after
    ? sql`and (c.expires_at, c.certificate_id) > (${page.after.expiresAt}::timestamptz, ${page.after.certificateId}::uuid)`
    : sql``;
  const limit = page ? sql`limit ${page.limit}` : sql``;
  const { rows } = await sql<{
    certificate_id: string;
    code: string;
    kind: 'module' | 'course';
    item_id: string;
    item_path: string;
    user_id: string;
    issued_at: Date;
    expires_at: Date;
    reminded: number[] | null;
  }>`
    select c.certificate_id, c.code, c.kind, c.item_id, c.item_path, c.user_id, c.issued_at, c.expires_at,
      (select array_agg(r.days_before order by r.days_before desc) from certificate_reminders r
        where r.certificate_id = c.certificate_id) as reminded
    from certificates c
    where c.revoked_at is null
      and c.expires_at > ${now.toISOString()}::timestamptz
      and c.expires_at <= ${until.toISOString()}::timestamptz
      and not exists (
        select 1 from certificates later
        where later.kind = c.kind and later.item_id = c.item_id and later.user_id = c.user_id
          and (later.issued_at, later.certificate_id) > (c.issued_at, c.certificate_id))
      ${after}
    order by c.expires_at, c.certificate_id
    ${limit}`.execute(db);
  return rows.map((row) => ({
    certificateId: row.certificate_id,
    code: row.code,
    kind: row.kind,
    itemId: row.item_id,
    itemPath: row.item_path,
    userId: row.user_id,
    issuedAt: iso(row.issued_at),
    expiresAt: iso(row.expires_at),
    reminded: (row.reminded ?? []).map(Number),
  }));
}
