import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Element, InteractiveVideo } from '../../events/page/content';
import type { PageType } from '../../events/page/events';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** One row per reachable page, in its module's order: answers "which pages does this module have". */
export interface PageSummariesTable {
  page_id: string;
  path: string;
  module_path: string;
  position: number;
  name: string;
  type: PageType;
  content: ColumnType<Element[], string, string>;
  interactive_video: ColumnType<InteractiveVideo | null, string | null, string | null>;
  estimated_time: number;
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

export interface PageTables {
  page_summaries: PageSummariesTable;
}

const handles = [
  'PageCreated',
  'PageUpdated',
  'PageChangesPublished',
  'PageDeleted',
  'ModulePagesOrdered',
  'ModuleDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<PageTables>, event: StoredOf<Handled>) {
  const at = event.meta.at;
  switch (event.type) {
    case 'PageCreated': {
      const data = event.data;
      const video = data.interactiveVideo ? JSON.stringify(data.interactiveVideo) : null;
      // A new page goes last in its module.
      await sql`
        insert into page_summaries (page_id, path, module_path, position, name, type, content, interactive_video,
          estimated_time, created_at, updated_at)
        select ${data.pageId}, ${data.path}, ${data.parentPath},
          coalesce((select max(position) + 1 from page_summaries where module_path = ${data.parentPath}), 0),
          ${data.name}, ${data.type}, ${JSON.stringify(data.content)}::jsonb, ${video}::jsonb,
          ${data.estimatedTime}, ${at}, ${at}
        on conflict (page_id) do nothing`.execute(trx);
      return;
    }
    case 'PageUpdated':
    // Published changes are the live page from now on; a draft before it changed nothing here.
    case 'PageChangesPublished': {
      const data = event.data;
      await trx
        .updateTable('page_summaries')
        .set({
          name: data.name,
          type: data.type,
          content: JSON.stringify(data.content),
          interactive_video: data.interactiveVideo ? JSON.stringify(data.interactiveVideo) : null,
          estimated_time: data.estimatedTime,
          updated_at: at,
        })
        .where('page_id', '=', data.pageId)
        .execute();
      return;
    }
    case 'PageDeleted':
      await trx.deleteFrom('page_summaries').where('page_id', '=', event.data.pageId).execute();
      return;
    case 'ModulePagesOrdered': {
      const { path, pages: order } = event.data;
      for (const [position, pagePath] of order.entries()) {
        await trx
          .updateTable('page_summaries')
          .set({ position })
          .where('module_path', '=', path)
          .where('path', '=', pagePath)
          .execute();
      }
      return;
    }
    case 'ModuleDeleted':
      // The pages of a deleted module are no longer reachable.
      await trx.deleteFrom('page_summaries').where('module_path', '=', event.data.path).execute();
      return;
  }
}

export const pageSummaries: Projection<PageTables> = {
  name: 'page_summaries',
  version: 1,
  tables: ['page_summaries'],
  handles,
  apply,
};

export interface PageSummary {
  pageId: string;
  path: string;
  parentType: 'module';
  parentPath: string;
  position: number;
  name: string;
  type: PageType;
  content: Element[];
  interactiveVideo: InteractiveVideo | null;
  /** Seconds a participant is expected to need. */
  estimatedTime: number;
  createdAt: string;
  updatedAt: string;
}

export const toPageSummary = (row: Selectable<PageSummariesTable>): PageSummary => ({
  pageId: row.page_id,
  path: row.path,
  parentType: 'module',
  parentPath: row.module_path,
  position: row.position,
  name: row.name,
  type: row.type,
  content: row.content,
  interactiveVideo: row.interactive_video,
  estimatedTime: row.estimated_time,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** A module's pages in their order. */
export async function pagesOfModule(db: Db, modulePath: string): Promise<PageSummary[]> {
  const rows = await db
    .selectFrom('page_summaries')
    .selectAll()
    .where('module_path', '=', modulePath)
    .orderBy('position')
    .orderBy('path')
    .execute();
  return rows.map(toPageSummary);
}

/** The pages of many modules in one statement, each module's in its order (batched loaders). */
export async function pagesOfModules(db: Db, modulePaths: readonly string[]): Promise<PageSummary[]> {
  if (modulePaths.length === 0) return [];
  const rows = await db
    .selectFrom('page_summaries')
    .selectAll()
    .where('module_path', 'in', [...modulePaths])
    .orderBy('module_path')
    .orderBy('position')
    .orderBy('path')
    .execute();
  return rows.map(toPageSummary);
}

export async function findPageByPath(db: Db, path: string): Promise<PageSummary | null> {
  const row = await db.selectFrom('page_summaries').selectAll().where('path', '=', path).executeTakeFirst();
  return row ? toPageSummary(row) : null;
}

export async function pagePathsStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('page_summaries')
    .select('path')
    .where((eb) => eb.or([eb('path', '=', prefix), eb('path', 'like', `${prefix}-%`)]))
    .execute();
  return rows.map((row) => row.path);
}
