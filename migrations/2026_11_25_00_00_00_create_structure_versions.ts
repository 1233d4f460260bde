import { type Kysely, sql } from 'kysely';

/**
 * One row per kind of learner structure ('modules': a module's summary, owners and pages) with the
 * last event that changed any of them, so a process can keep that structure in memory and check it
 * with one short read (docs/adr/0005-structure-cache-with-a-version.md). Filled here from the log;
 * the projection keeps it from now on.
 */
/** The events that change a module's summary, owners or pages, as they were when this was written. */
export const structureEvents = [
  'ModuleCreated',
  'ModuleUpdated',
  'ModulePublished',
  'ModuleUnpublished',
  'ModuleDeleted',
  'ModuleOwnerAdded',
  'ModuleOwnerRemoved',
  'PageCreated',
  'PageUpdated',
  'PageDeleted',
  'ModulePagesOrdered',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('structure_versions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('position', 'bigint', (col) => col.notNull())
    .execute();
  await sql`
    insert into structure_versions (name, position)
    select 'modules', position
    from events
    where type in (${sql.join(structureEvents)})
    order by position desc
    limit 1`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('structure_versions').execute();
}
