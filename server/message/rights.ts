import { sql } from 'kysely';
import type { Actor } from '../../events/permissions';
import type { ThreadRow } from '../../projections/message/message-threads';
import type { Db } from '../db/tables';
import { isAdmin, moduleAuthority } from '../rights/module-rights';

/**
 * Who may read, answer and close a thread (docs/guide/messages.md): an administrator, whoever may
 * edit its module (its owners, the edit right), and the owners of the course it was asked in when
 * they teach the module through that course (the rule of module-rights.ts, never a link alone).
 * The one rule the inbox, the thread view, replying and closing all ask.
 */
export async function mayAnswer(
  db: Db,
  actor: Actor,
  thread: Pick<ThreadRow, 'module_id' | 'course_id'>,
): Promise<boolean> {
  if (isAdmin(actor)) return true;
  const module = await db
    .selectFrom('module_summaries')
    .select('path')
    .where('module_id', '=', thread.module_id)
    .executeTakeFirst();
  if (!module) return false;
  const authority = await moduleAuthority(db, actor, { moduleId: thread.module_id, path: module.path });
  if (authority.rights.edit) return true;
  const reach = authority.teachReach;
  if (!reach || reach.all || thread.course_id === null) return false;
  const course = await db
    .selectFrom('course_summaries')
    .select('path')
    .where('course_id', '=', thread.course_id)
    .executeTakeFirst();
  return course !== undefined && reach.courses.includes(course.path);
}

/** The courses that list this module, directly or through one of their sections. */
export async function coursesListingModule(db: Db, modulePath: string): Promise<string[]> {
  const { rows } = await sql<{ path: string }>`
    select distinct c.path from content_links l
    left join section_summaries s on l.parent_type = 'section' and s.path = l.parent_path
    join course_summaries c on c.path = (case when l.parent_type = 'course' then l.parent_path else s.course_path end)
    where l.item_type = 'module' and l.item_path = ${modulePath}`.execute(db);
  return rows.map((row) => row.path);
}
