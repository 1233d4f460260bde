import { sql } from 'kysely';
import type { Db } from '../db/tables';

/**
 * Fixes the address xAPI statements name the platform's activities and people under, before the
 * projections catch up: at the first start `wanted` (XAPI_IRI_BASE) or the public address; later only
 * XAPI_IRI_BASE, when it differs from the latest, adds a base for the statements of events after the
 * log's end. Statements keep the IRIs they were made with, through a site move and a rebuild alike.
 * Several instances starting together add one row (the first), the others none.
 */
export async function fixXapiBase(db: Db, wanted: string | undefined, publicUrl: string): Promise<void> {
  const latest = await db
    .selectFrom('xapi_bases')
    .select('base')
    .orderBy('from_position', 'desc')
    .limit(1)
    .executeTakeFirst();
  const base = (wanted ?? publicUrl).replace(/\/+$/, '');
  if (latest && (wanted === undefined || latest.base === base)) return;
  // The first base names every statement, those of events already in the log included; a later one
  // those of events after the log's end.
  const from = latest ? sql`(select coalesce(max(position), 0) + 1 from events)` : sql`0`;
  await sql`
    insert into xapi_bases (from_position, base, fixed_at) values (${from}, ${base}, now())
    on conflict (from_position) do nothing`.execute(db);
}

/** Every base statements were made under, oldest first. */
export async function xapiBases(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('xapi_bases').select('base').orderBy('from_position').execute();
  return rows.map((row) => row.base);
}
