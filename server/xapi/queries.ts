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
  /** With `activity`: also statements whose context names it (xAPI's `related_activities`). */
  relatedActivities?: boolean;
  /** The actor's account name (the platform's agents are accounts on its own address). */
  agentName?: string;
  registration?: string;
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
  if (filter.activity) {
    const activity = filter.activity;
    query = filter.relatedActivities
      ? query.where((eb) =>
          eb.or([
            eb('activity', '=', activity),
            sql<boolean>`jsonb_path_exists(body, '$.context.contextActivities.*[*] ? (@.id == $id)', jsonb_build_object('id', ${activity}::text))`,
          ]),
        )
      : query.where('activity', '=', activity);
  }
  if (filter.agentName) query = query.where(sql`body->'actor'->'account'->>'name'`, '=', filter.agentName);
  if (filter.registration)
    query = query.where(sql`body->'context'->>'registration'`, '=', filter.registration);
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

/** One statement by its id: a voided one only when asked for as voided, as xAPI requires. */
export async function findStatement(
  db: Db,
  statementId: string,
  voided: boolean,
): Promise<{ body: unknown; stored: Date } | undefined> {
  return db
    .selectFrom('xapi_statements')
    .select(['body', 'stored'])
    .where('statement_id', '=', statementId)
    .where('voided', '=', voided)
    .executeTakeFirst();
}
