import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { CertificateKind } from '../../events/certificate/events';
import type { EventData, StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** One row per certificate ever issued: "which certificates does this person hold, is this code valid". */
export interface CertificatesTable {
  certificate_id: string;
  code: string;
  kind: CertificateKind;
  item_id: string;
  item_path: string;
  user_id: string;
  issued_at: ColumnType<Date, string, never>;
  expires_at: ColumnType<Date | null, string | null, never>;
  how: 'auto' | 'manual';
  issued_by: string | null;
  revoked_at: ColumnType<Date | null, never, string | null>;
  revoked_by: ColumnType<string | null, never, string | null>;
  revoke_reason: ColumnType<string | null, never, string | null>;
}

/** The fraud check's review list: one row per open case (issued or dismissed cases leave it). */
export interface CertificateReviewsTable {
  kind: CertificateKind;
  item_id: string;
  item_path: string;
  user_id: string;
  seconds_spent: number;
  estimated_seconds: number;
  flagged_at: ColumnType<Date, string, never>;
}

/** The codes of certificates whose holder was erased: only the code, so a check can say so. */
export interface ErasedCertificatesTable {
  code: string;
}

export interface CertificateTables {
  certificates: CertificatesTable;
  certificate_reviews: CertificateReviewsTable;
  erased_certificates: ErasedCertificatesTable;
}

const handles = [
  'CertificateIssued',
  'CertificateRevoked',
  'CertificateFlagged',
  'CertificateReviewDismissed',
  'UserDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<CertificateTables>, event: StoredOf<Handled>) {
  if (event.type === 'UserDeleted') {
    // The name on a certificate is gone with the person: their certificates no longer verify, but a
    // check of one of their codes says the holder was erased rather than that it never existed.
    const { userId } = event.data;
    await trx
      .insertInto('erased_certificates')
      .columns(['code'])
      .expression(trx.selectFrom('certificates').select('code').where('user_id', '=', userId))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx.deleteFrom('certificates').where('user_id', '=', userId).execute();
    await trx.deleteFrom('certificate_reviews').where('user_id', '=', userId).execute();
    return;
  }
  const review = (data: EventData<'CertificateIssued' | 'CertificateReviewDismissed'>) =>
    trx
      .deleteFrom('certificate_reviews')
      .where('kind', '=', data.kind)
      .where('item_id', '=', data.itemId)
      .where('user_id', '=', data.userId)
      .execute();
  switch (event.type) {
    case 'CertificateIssued': {
      const data = event.data;
      await trx
        .insertInto('certificates')
        .values({
          certificate_id: data.certificateId,
          code: data.code,
          kind: data.kind,
          item_id: data.itemId,
          item_path: data.itemPath,
          user_id: data.userId,
          issued_at: data.issuedAt,
          expires_at: data.expiresAt,
          how: data.how,
          issued_by: data.issuedBy,
        })
        .onConflict((oc) => oc.column('certificate_id').doNothing())
        .execute();
      await review(data);
      return;
    }
    case 'CertificateRevoked': {
      const data = event.data;
      await trx
        .updateTable('certificates')
        .set({ revoked_at: data.revokedAt, revoked_by: data.revokedBy, revoke_reason: data.reason })
        .where('certificate_id', '=', data.certificateId)
        .execute();
      return;
    }
    case 'CertificateFlagged': {
      const data = event.data;
      await sql`
        insert into certificate_reviews (kind, item_id, item_path, user_id, seconds_spent, estimated_seconds, flagged_at)
        values (${data.kind}, ${data.itemId}, ${data.itemPath}, ${data.userId}, ${data.secondsSpent},
          ${data.estimatedSeconds}, ${data.flaggedAt})
        on conflict (kind, item_id, user_id) do nothing`.execute(trx);
      return;
    }
    case 'CertificateReviewDismissed':
      await review(event.data);
      return;
  }
}

export const certificatesProjection: Projection<CertificateTables, Handled> = {
  name: 'certificates',
  version: 1,
  tables: ['certificates', 'certificate_reviews', 'erased_certificates'],
  handles,
  apply,
};

export type CertificateStatus = 'valid' | 'expired' | 'revoked';

export interface CertificateRecord {
  certificateId: string;
  code: string;
  kind: CertificateKind;
  itemId: string;
  itemPath: string;
  userId: string;
  issuedAt: string;
  expiresAt: string | null;
  how: 'auto' | 'manual';
  issuedBy: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toRecord = (row: Selectable<CertificatesTable>): CertificateRecord => ({
  certificateId: row.certificate_id,
  code: row.code,
  kind: row.kind,
  itemId: row.item_id,
  itemPath: row.item_path,
  userId: row.user_id,
  issuedAt: iso(row.issued_at)!,
  expiresAt: iso(row.expires_at),
  how: row.how,
  issuedBy: row.issued_by,
  revokedAt: iso(row.revoked_at),
  revokedBy: row.revoked_by,
  revokeReason: row.revoke_reason,
});

/** Valid, expired or revoked, at `now`. */
export function statusOf(certificate: CertificateRecord, now: Date): CertificateStatus {
  if (certificate.revokedAt) return 'revoked';
  if (certificate.expiresAt && Date.parse(certificate.expiresAt) <= now.getTime()) return 'expired';
  return 'valid';
}

export async function findCertificateByCode(db: Db, code: string): Promise<CertificateRecord | null> {
  const row = await db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Whether this code was a certificate of a person since erased. */
export async function isErasedCertificate(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('erased_certificates')
    .select('code')
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

/** A person's certificates, newest first (revoked and expired ones included). */
export async function certificatesOfUser(db: Db, userId: string): Promise<CertificateRecord[]> {
  const rows = await db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('certificate_id', 'desc')
    .execute();
  return rows.map(toRecord);
}

/** Several people's certificates (GraphQL's batched User.certificates). */
export async function certificatesOfUsers(db: Db, userIds: readonly string[]): Promise<CertificateRecord[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('certificates')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .orderBy('issued_at', 'desc')
    .orderBy('certificate_id', 'desc')
    .execute();
  return rows.map(toRecord);
}

/** The latest certificate of a person for one item (null: never one), revoked or not. */
export async function latestCertificateOf(
  db: Db,
  kind: CertificateKind,
  itemId: string,
  userId: string,
): Promise<CertificateRecord | null> {
  const row = await db
    .selectFrom('certificates')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('certificate_id', 'desc')
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The latest certificate per person for one item. */
export async function latestCertificatesOfItem(
  db: Db,
  kind: CertificateKind,
  itemId: string,
): Promise<Map<string, CertificateRecord>> {
  const rows = await db
    .selectFrom('certificates')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .orderBy('issued_at', 'asc')
    .orderBy('certificate_id', 'asc')
    .execute();
  return new Map(rows.map((row) => [row.user_id, toRecord(row)]));
}

export interface CertificateReview {
  kind: CertificateKind;
  itemId: string;
  itemPath: string;
  userId: string;
  secondsSpent: number;
  estimatedSeconds: number;
  flaggedAt: string;
}

export async function openReviews(db: Db, itemIds?: readonly string[]): Promise<CertificateReview[]> {
  let query = db.selectFrom('certificate_reviews').selectAll();
  if (itemIds) {
    if (itemIds.length === 0) return [];
    query = query.where('item_id', 'in', [...itemIds]);
  }
  const rows = await query.orderBy('flagged_at').orderBy('user_id').execute();
  return rows.map((row) => ({
    kind: row.kind,
    itemId: row.item_id,
    itemPath: row.item_path,
    userId: row.user_id,
    secondsSpent: row.seconds_spent,
    estimatedSeconds: row.estimated_seconds,
    flaggedAt: iso(row.flagged_at)!,
  }));
}

export async function openReviewOf(
  db: Db,
  kind: CertificateKind,
  itemId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('certificate_reviews')
    .select('user_id')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}
