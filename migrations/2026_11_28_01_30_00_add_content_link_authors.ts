import type { Kysely } from 'kysely';

/**
 * Who made each link of a module or file to a course or section. A course's owners teach a module
 * it lists only when whoever linked it had the right on the module, so the read side must know the
 * linker: the actor of the latest link event of the pair (no actor: the platform itself, as in
 * the demo content). Rows already there are filled in by the projection lifecycle: content_links'
 * version was bumped with this column, so it is rebuilt from the log at the next start.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_links').addColumn('linked_by', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_links').dropColumn('linked_by').execute();
}
