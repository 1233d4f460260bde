import type { Transaction } from 'kysely';
import type { StoredEvent } from '../events/store';

/**
 * A read model: interprets events into its tables. It never rejects an event and is idempotent,
 * so it can be replayed from the start at any time.
 */
export interface Projection<Tables> {
  name: string;
  tables: (keyof Tables & string)[];
  handles: string[];
  apply: (trx: Transaction<Tables>, event: StoredEvent) => Promise<void>;
}
