import type { Kysely } from 'kysely';

/**
 * Kysely's database type is invariant, so a projection's reads accept any handle (the db or a
 * transaction on the full schema) and narrow it to the tables the projection owns.
 */
// biome-ignore lint/suspicious/noExplicitAny: narrowed by `tablesOf`
export type AnyDb = Kysely<any>;
export const tablesOf = <Tables>(db: AnyDb) => db as Kysely<Tables>;
