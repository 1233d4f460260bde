import type { Transaction } from 'kysely';
import type { EventType, StoredOf } from '../events/event-types';

/**
 * A read model: interprets events into its tables. It never rejects an event and is idempotent,
 * so it can be replayed from the start at any time. Typed by the event types it handles: `apply`
 * gets exactly those, with their data, and a case for any other type does not compile.
 */
export interface Projection<Tables, Handled extends string = EventType> {
  name: string;
  /**
   * What its tables were built with: bumped whenever what it writes changes (a column, a rule).
   * At start, a projection whose recorded version differs, or that has none, is rebuilt from the
   * log (projections/lifecycle.ts). Every projection with tables declares one.
   */
  version?: number;
  tables: (keyof Tables & string)[];
  /**
   * Other projections' tables it reads while applying an event, as they stand after that event: it
   * is applied after their owners (projections/order.ts), and rebuilding it alone rebuilds those too.
   * In tests, a query naming a table it neither owns nor declares fails (projections/declared-reads.ts).
   */
  reads?: string[];
  /** Other projections' tables it reads as they stood before the event: it is applied before their owners. */
  readsBefore?: string[];
  /**
   * Tables outside the log that the platform fixes before any projection runs (at start, like
   * `xapi_bases`) and that no event changes: read as they are, in a rebuild as live.
   */
  readsSettled?: string[];
  handles: readonly Handled[];
  // Method syntax on purpose: its parameters are bivariant, so a projection of a few types still
  // fits the registry's list of projections of any types.
  apply(trx: Transaction<Tables>, event: StoredOf<Handled>): Promise<void>;
  /**
   * The many-per-participant events (answers, drafts, sightings) in one go: `applyRun` gets a run of
   * consecutive events whose types are all in `runs` and must leave its tables exactly as `apply`
   * one by one would, in a few statements whatever the run's length. It may read other projections'
   * tables only where no run type writes them, since the runs of several projections are applied
   * one projection after the other.
   */
  runs?: readonly Handled[];
  applyRun?(trx: Transaction<Tables>, events: StoredOf<Handled>[]): Promise<void>;
}

/** Any projection, of any tables and event types: what the registry and the rebuilds hold. */
// biome-ignore lint/suspicious/noExplicitAny: each projection narrows its own tables and event types
export type AnyProjection = Projection<any, any>;
