import type { ColumnType } from 'kysely';

/** Private state outside the event log (secrets and operational counters); never projected. */
export interface PrivateTables {
  credentials: {
    user_id: string;
    password_hash: string;
    updated_at: ColumnType<Date, string | undefined, string>;
  };
  auth_codes: {
    user_id: string;
    purpose: 'verify' | 'reset';
    code_hash: string;
    expires_at: ColumnType<Date, string, string>;
    attempts: ColumnType<number, number | undefined, number>;
  };
  sessions: {
    token_hash: string;
    family_id: string;
    user_id: string;
    expires_at: ColumnType<Date, string, string>;
    created_at: ColumnType<Date, string | undefined, never>;
  };
  rate_limits: {
    key: string;
    window_start: ColumnType<Date, string, string>;
    count: number;
    /** The end of the current window: from then on the sweep may delete the row. */
    expires_at: ColumnType<Date, string, string>;
  };
  mail_outbox: {
    id: ColumnType<number, never, never>;
    user_id: string | null;
    to_address: string;
    subject: string;
    body: string;
    created_at: ColumnType<Date, string | undefined, never>;
  };
}
