import { sql } from 'kysely';
import type { Db } from '../db/tables';

/** Where a page of statements ends: the last one's place in the log. */
export interface StatementCursor {
  position: string;
  ordinal: number;
}

export interface StatementFilter {
  /** Stored strictly after / at or before (xAPI's `since` and `until` read the stored time). */
  since?: Date;
  until?: Date;
  verb?: string;
  /** The object's activity id as a path ('/module/…'). */
  activity?: string;
  limit: number;
  ascending: boolean;
  after?: StatementCursor;
}

/**
 * One page of statements that are not voided (xAPI: a voided statement is only fetched by its id),
 * newest first unless `ascending`; one more is read to know whether a next page exists.
 */
export async function listStatements(
  db: Db,
  filter: StatementFilter,
): Promise<{ rows: ({ body: unknown; stored: Date } & StatementCursor)[]; next: StatementCursor | null }> {
  let query = db
    .selectFrom('xapi_statements')
    .select(['body', 'stored', 'position', 'ordinal'])
    .where('voided', '=', false);
  if (filter.since) query = query.where('stored', '>', filter.since);
  if (filter.until) query = query.where('stored', '<=', filter.until);
  if (filter.verb) query = query.where('verb', '=', filter.verb);
  if (filter.activity) query = query.where('activity', '=', filter.activity);
  if (filter.after) {
    const { position, ordinal } = filter.after;
    query = query.where(
      sql<boolean>`(position, ordinal) ${sql.raw(filter.ascending ? '>' : '<')} (${position}::bigint, ${ordinal}::int)`,
    );
  }
  const direction = filter.ascending ? 'asc' : 'desc';
  const rows = await query
    .orderBy('position', direction)
    .orderBy('ordinal', direction)
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit).map((row) => ({ ...row, position: String(row.position) }));
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > filter.limit && last ? { position: last.position, ordinal: last.ordinal } : null,
  };
}
