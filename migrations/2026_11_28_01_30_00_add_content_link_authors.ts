import { type Kysely, sql } from 'kysely';

/**
 * Who made each link of a module or file to a course or section. A course's owners teach a module
 * it lists only when whoever linked it had the right on the module, so the read side must know the
 * linker. Rows already there take the actor of the latest link event of their pair, as the
 * projection does from now on (no actor: the platform itself, as in the demo content).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_links').addColumn('linked_by', 'text').execute();
  await sql`
    update content_links l set linked_by = latest.actor_id
    from (
      select distinct on (parent_type, parent_path, item_type, item_path)
        case when type like 'Course%' then 'course' else 'section' end as parent_type,
        data->>'path' as parent_path,
        case when type like '%Module%' then 'module' else 'file' end as item_type,
        coalesce(data->>'modulePath', data->>'filePath') as item_path,
        meta->>'actorId' as actor_id
      from events
      where type in ('CourseModuleLinked', 'SectionModuleLinked', 'CourseFileLinked', 'SectionFileLinked')
      order by parent_type, parent_path, item_type, item_path, position desc
    ) latest
    where latest.parent_type = l.parent_type and latest.parent_path = l.parent_path
      and latest.item_type = l.item_type and latest.item_path = l.item_path`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_links').dropColumn('linked_by').execute();
}
