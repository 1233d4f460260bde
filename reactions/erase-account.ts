import { sql, type Transaction } from 'kysely';
import { shredPersonalData } from '../events/personal-data';
import type { StoredEvent } from '../events/store';

/** The account's private state: not read models, so a rebuild never touches them. */
const accountTables = [
  'credentials',
  'sessions',
  'known_devices',
  'auth_codes',
  'mail_outbox',
  'second_factors',
  'recovery_codes',
  'external_identities',
  // Where a learning platform's gradebook names the person: their id there.
  'lti_grade_targets',
] as const;

/**
 * Makes a deletion real: the person's key, password, sessions, devices, codes, second factor,
 * external identities and queued mail go in the same transaction as UserDeleted. Running it again
 * finds nothing left to remove.
 */
export async function eraseAccount(trx: Transaction<unknown>, event: StoredEvent) {
  const userId = (event.data as { userId: string }).userId;
  const db = trx as Transaction<Record<string, { user_id: string }>>;
  // First the person's row: a mail job keeping a mail for them waits, or is waited for (send-mail.ts).
  await sql`select 1 from users where user_id = ${userId} for update`.execute(trx);
  for (const table of accountTables) await db.deleteFrom(table).where('user_id', '=', userId).execute();
  await shredPersonalData(trx, userId);
}
