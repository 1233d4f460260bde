import type { Transaction } from 'kysely';
import type { StoredEvent } from '../events/store';
import type { FollowUp, FollowUpSettings } from '../jobs/follow-ups';

/**
 * What follows an event beyond the read models: an effect in the append transaction (it happens
 * exactly when the event is stored) or follow-up jobs queued in that same transaction. Reactions run
 * once, when the event is appended; a rebuild of the read models never runs them again.
 */
export type Reaction = {
  /** Says what the reaction does, for logs and the registry's test. */
  name: string;
  /** The event types it follows: each must be one the store accepts (a test checks). */
  on: readonly string[];
} & (
  | {
      // biome-ignore lint/suspicious/noExplicitAny: effects reach tables outside the read models' schema
      effect: (trx: Transaction<any>, event: StoredEvent) => Promise<void>;
      jobs?: never;
    }
  | { jobs: (event: StoredEvent, settings: FollowUpSettings) => FollowUp[]; effect?: never }
);
