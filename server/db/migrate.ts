import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from '../../migrations/index';

/**
 * Whether the database holds exactly the migrations this code knows: then every start but the
 * first reads one table instead of running the migrator (its own tables, lock and transaction
 * cost a fifth of a second on the embedded database). Anything else (a fresh database, a missing
 * or an unknown migration) goes to the migrator, which applies or refuses.
 */
async function isCurrent(db: Kysely<unknown>): Promise<boolean> {
  const { rows: table } = await sql<{ found: boolean }>`
    select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!table[0]?.found) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const known = Object.keys(await migrationProvider.getMigrations());
  const applied = new Set(rows.map((row) => row.name));
  return applied.size === known.length && known.every((name) => applied.has(name));
}

/** Brings the schema up to date; refuses to start on a failed or unknown migration. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  if (await isCurrent(db)) return [];
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
