import { sql } from 'kysely';
import { projectionTables } from '../../projections/registry';
import type { TestPlatform } from '../harness';

/** Every read table, row for row, in a stable order: what a rebuild must give back. */
export async function readTables(platform: TestPlatform) {
  const tables: Record<string, unknown[]> = {};
  for (const table of projectionTables()) {
    // The whole row as text orders tables whose first column is not unique, too.
    const { rows } = await sql`select * from ${sql.table(table)} as t order by t::text`.execute(
      platform.database.db,
    );
    tables[table] = rows;
  }
  return tables;
}
