import { type RawBuilder, sql } from 'kysely';

/**
 * Many rows as one parameter, typed by the table's own row type: `select … from rowsOf(table, rows)`
 * lets a projection write a whole run of events in one statement, whatever the run's length.
 */
export const rowsOf = (table: string, rows: readonly Record<string, unknown>[]): RawBuilder<unknown> =>
  sql`jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`;

/** The latest of two ISO times (as the database's `greatest` would pick). */
export const laterOf = (a: string, b: string) => (Date.parse(b) > Date.parse(a) ? b : a);
/** The earliest of two ISO times. */
export const earlierOf = (a: string, b: string) => (Date.parse(b) < Date.parse(a) ? b : a);
