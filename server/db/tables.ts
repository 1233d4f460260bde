import type { ColumnType, Kysely } from 'kysely';
import type { PersonalDataKeysTable } from '../../events/personal-data';
import type { SnapshotTables } from '../../events/snapshots';
import type { EventStoreTables } from '../../events/store';
import type { ProjectionTables } from '../../projections/tables';
import type { PrivateTables } from '../auth/private-tables';
import type { LtiPrivateTables } from '../lti/tables';

/**
 * Every table of the schema (migrations/): the log, its snapshots, the read side and the private
 * state. Types only, so the projections may name the schema without depending on the server.
 */
export type Database = EventStoreTables &
  SnapshotTables &
  ProjectionTables &
  PrivateTables &
  LtiPrivateTables &
  OperationalTables & { personal_data_keys: PersonalDataKeysTable };

/**
 * A handle on the whole schema, for every read and write outside migrations: the database or a
 * transaction on it (a `Transaction<Database>` is one).
 */
export type Db = Kysely<Database>;

/** Operational state outside the event log and the projections: bookkeeping, never rebuilt from events. */
export interface OperationalTables {
  /** Which version of each projection its tables were built with (projections/lifecycle.ts). */
  projection_versions: {
    name: string;
    version: number;
    built_at: ColumnType<Date, Date | string, Date | string>;
  };
  /** Bytes taken by uploads per user and purpose, for the upload quota. */
  uploads: {
    upload_id: string;
    user_id: string;
    purpose: string;
    bytes: number;
    created_at: ColumnType<Date, string | undefined, never>;
  };
  /**
   * The address xAPI statements name activities and people under, from a position of the log on
   * (server/xapi/bases.ts); the xapi_statements projection reads it.
   */
  xapi_bases: {
    from_position: ColumnType<string, string | number, never>;
    base: string;
    fixed_at: ColumnType<Date, Date | string, never>;
  };
  /** The public half of the key that signs ID tokens; one row at most. */
  signing_key: {
    id: ColumnType<boolean, boolean | undefined, never>;
    thumbprint: string;
    kid: string;
    recorded_at: ColumnType<Date, Date | string, never>;
  };
  /** Per xAPI endpoint: the last statement delivered and who is delivering now. */
  xapi_push_marks: {
    endpoint: string;
    mark_tx: ColumnType<string, string | undefined, string>;
    mark_position: ColumnType<number, number | undefined, number>;
    mark_ordinal: ColumnType<number, number | undefined, number>;
    lease_owner: string | null;
    lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    pushed: ColumnType<number, number | undefined, number>;
  };
  /** Reminder mails before live sessions already queued: one row each, so none goes out twice. */
  live_reminders_sent: {
    user_id: string;
    section_id: string;
    /** `live`, or `room-<n>` for a breakout round. */
    moment: string;
    starts_at: ColumnType<Date, string, never>;
    offset_minutes: number;
    sent_at: ColumnType<Date, string | undefined, never>;
  };
}
