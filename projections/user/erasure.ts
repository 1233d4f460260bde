import type { Transaction } from 'kysely';
import { shredPersonalData } from '../../events/personal-data';
import type { StoredEvent } from '../../events/store';
import type { Projection } from '../projection';

/**
 * Makes a deletion real: the person's key, password, sessions, devices, codes, second factor,
 * external identities and queued mail go in the same transaction as UserDeleted. These tables are
 * private state, not read models, so a rebuild never empties them (no `tables`); replaying
 * UserDeleted again finds nothing left to remove.
 */
async function apply(trx: Transaction<unknown>, event: StoredEvent) {
  const userId = (event.data as { userId: string }).userId;
  const db = trx as Transaction<Record<string, { user_id: string }>>;
  for (const table of [
    'credentials',
    'sessions',
    'known_devices',
    'auth_codes',
    'mail_outbox',
    'second_factors',
    'recovery_codes',
    'external_identities',
  ]) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  await shredPersonalData(trx, userId);
}

export const erasureProjection: Projection<unknown> = {
  name: 'erasure',
  tables: [],
  handles: ['UserDeleted'],
  apply,
};
