import type { Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/**
 * Bits per Bitstring Status List: the spec's minimum (16 KB uncompressed), so a list hides which
 * of many credentials a verifier asks about.
 */
export const STATUS_LIST_SIZE = 131_072;

/**
 * "Where is this certificate's bit in the published status lists, and is it set": one row per
 * certificate ever issued.
 */
export interface CredentialStatusTable {
  certificate_id: string;
  /** Null once the holder was erased: the row then only keeps the bit set. */
  user_id: string | null;
  status_list: number;
  status_index: number;
  revoked: boolean;
}

export interface CredentialStatusTables {
  credential_status: CredentialStatusTable;
}

/**
 * The entry of the certificate issued by the event at this position. The position is global,
 * stable and kept by backups (import restores it), so the entry needs no event of its own.
 */
function statusEntryAt(position: number): { list: number; index: number } {
  return { list: Math.floor(position / STATUS_LIST_SIZE) + 1, index: position % STATUS_LIST_SIZE };
}

const handles = ['CertificateIssued', 'CertificateRevoked', 'UserDeleted'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<CredentialStatusTables>, stored: StoredOf<Handled>) {
  switch (stored.type) {
    case 'CertificateIssued': {
      const data = stored.data;
      const entry = statusEntryAt(Number(stored.position));
      await trx
        .insertInto('credential_status')
        .values({
          certificate_id: data.certificateId,
          user_id: data.userId,
          status_list: entry.list,
          status_index: entry.index,
          revoked: false,
        })
        .onConflict((oc) => oc.column('certificate_id').doNothing())
        .execute();
      return;
    }
    case 'CertificateRevoked':
      await trx
        .updateTable('credential_status')
        .set({ revoked: true })
        .where('certificate_id', '=', stored.data.certificateId)
        .execute();
      return;
    case 'UserDeleted':
      // The issuer no longer vouches for a name it erased: the credential in a wallet reads as
      // revoked, as the verification page already says the certificate no longer stands.
      await trx
        .updateTable('credential_status')
        .set({ revoked: true, user_id: null })
        .where('user_id', '=', stored.data.userId)
        .execute();
      return;
  }
}

export const credentialStatusProjection: Projection<CredentialStatusTables, Handled> = {
  name: 'credential-status',
  version: 1,
  tables: ['credential_status'],
  handles,
  apply,
};

export async function statusEntryOf(
  db: Db,
  certificateId: string,
): Promise<{ list: number; index: number; revoked: boolean } | null> {
  const row = await db
    .selectFrom('credential_status')
    .select(['status_list', 'status_index', 'revoked'])
    .where('certificate_id', '=', certificateId)
    .executeTakeFirst();
  return row ? { list: row.status_list, index: row.status_index, revoked: row.revoked } : null;
}

/** The set bits of one list. */
export async function revokedIndexes(db: Db, list: number): Promise<number[]> {
  const rows = await db
    .selectFrom('credential_status')
    .select('status_index')
    .where('status_list', '=', list)
    .where('revoked', '=', true)
    .execute();
  return rows.map((row) => row.status_index);
}

/** Whether any certificate has its entry in this list. */
export async function statusListInUse(db: Db, list: number): Promise<boolean> {
  const row = await db
    .selectFrom('credential_status')
    .select('status_index')
    .where('status_list', '=', list)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the bit at this entry is set (false for an entry no certificate has). */
export async function isRevokedAt(db: Db, list: number, index: number): Promise<boolean> {
  const row = await db
    .selectFrom('credential_status')
    .select('revoked')
    .where('status_list', '=', list)
    .where('status_index', '=', index)
    .executeTakeFirst();
  return row?.revoked ?? false;
}
