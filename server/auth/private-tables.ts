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
    purpose: 'verify' | 'reset' | 'unlock' | 'invitation';
    code_hash: string;
    expires_at: ColumnType<Date, string, string>;
    attempts: ColumnType<number, number | undefined, number>;
  };
  sessions: {
    token_hash: string;
    family_id: string;
    user_id: string;
    /** The family's absolute end, fixed when it was opened. */
    expires_at: ColumnType<Date, string, string>;
    /** When it ends unless used before (never after `expires_at`). */
    idle_expires_at: ColumnType<Date, string, string>;
    last_used_at: ColumnType<Date, string, string>;
    keep_signed_in: boolean;
    /** `browser`: holds a refresh cookie; `api`: a sign-in without one (its single ID token). */
    kind: 'browser' | 'api';
    user_agent: string | null;
    /** The client's address prefix (/24 or /48), never the whole address. */
    place: string | null;
    created_at: ColumnType<Date, string | undefined, never>;
  };
  second_factors: {
    user_id: string;
    /** The authenticator secret, sealed with the person's key (events/personal-data.ts); null until confirmed. */
    secret: string | null;
    enrolled_at: ColumnType<Date | null, string | null | undefined, string | null>;
    /** The last RFC 6238 time step a code was accepted for: that code and older ones are spent. */
    last_step: ColumnType<number, number | undefined, number>;
    /** A new secret shown to the person, waiting for its first code (sealed too). */
    pending_secret: string | null;
    pending_since: ColumnType<Date | null, string | null | undefined, string | null>;
  };
  recovery_codes: {
    user_id: string;
    code_hash: string;
    used_at: ColumnType<Date | null, string | null | undefined, string | null>;
  };
  known_devices: {
    user_id: string;
    device_hash: string;
    first_seen_at: ColumnType<Date, string, never>;
    last_seen_at: ColumnType<Date, string, string>;
  };
  external_identities: {
    issuer: string;
    /** SHA-256 of the pool's `sub`: the person's id there, never kept in clear. */
    subject_hash: string;
    user_id: string;
    linked_at: ColumnType<Date, string | undefined, never>;
    /**
     * `provisioned`: the account was made for it; `owner`: its owner linked it after signing in again;
     * `adopted`: see external-identities.ts; `lti`: made for a learning platform's launch (server/lti).
     */
    how: 'provisioned' | 'owner' | 'adopted' | 'lti';
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
