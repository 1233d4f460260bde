import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Element, InteractiveVideo } from '../../events/page/content';
import type { PageType } from '../../events/page/events';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/**
 * One row per page with changes its author has not published yet: "what will this page become"
 * (docs/adr/0019-drafts-of-live-content.md). Learners never read it; the live page stays in
 * page_summaries.
 */
export interface PageDraftsTable {
  page_id: string;
  path: string;
  name: string;
  type: PageType;
  content: ColumnType<Element[], string, string>;
  interactive_video: ColumnType<InteractiveVideo | null, string | null, string | null>;
  estimated_time: number;
  saved_at: ColumnType<Date, string, string>;
  saved_by: string | null;
}

export interface PageDraftTables {
  page_drafts: PageDraftsTable;
}

const handles = [
  'PageDraftSaved',
  'PageDraftDiscarded',
  'PageChangesPublished',
  'PageDeleted',
  'ModuleDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<PageDraftTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'PageDraftSaved': {
      const data = event.data;
      const row = {
        path: data.path,
        name: data.name,
        type: data.type,
        content: JSON.stringify(data.content),
        interactive_video: data.interactiveVideo ? JSON.stringify(data.interactiveVideo) : null,
        estimated_time: data.estimatedTime,
        saved_at: event.meta.at,
        saved_by: event.meta.actorId,
      };
      await trx
        .insertInto('page_drafts')
        .values({ page_id: data.pageId, ...row })
        .onConflict((oc) => oc.column('page_id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'PageDraftDiscarded':
    case 'PageChangesPublished':
    case 'PageDeleted':
      await trx.deleteFrom('page_drafts').where('page_id', '=', event.data.pageId).execute();
      return;
    case 'ModuleDeleted':
      // A deleted module's pages are gone from page_summaries (applied before this): so are their drafts.
      await sql`delete from page_drafts
        where page_id not in (select page_id from page_summaries)`.execute(trx);
      return;
  }
}

export const pageDrafts: Projection<PageDraftTables, Handled> = {
  name: 'page_drafts',
  version: 1,
  tables: ['page_drafts'],
  reads: ['page_summaries'],
  handles,
  apply,
};

export interface PageDraft {
  name: string;
  type: PageType;
  content: Element[];
  interactiveVideo: InteractiveVideo | null;
  estimatedTime: number;
  savedAt: string;
  savedBy: string | null;
}

const toPageDraft = (row: Selectable<PageDraftsTable>): PageDraft => ({
  name: row.name,
  type: row.type,
  content: row.content,
  interactiveVideo: row.interactive_video,
  estimatedTime: row.estimated_time,
  savedAt: new Date(row.saved_at).toISOString(),
  savedBy: row.saved_by,
});

/** The unpublished changes to a page, if its author keeps any. */
export async function draftOfPage(db: Db, pageId: string): Promise<PageDraft | null> {
  const row = await db.selectFrom('page_drafts').selectAll().where('page_id', '=', pageId).executeTakeFirst();
  return row ? toPageDraft(row) : null;
}

/** Which of a module's pages have a draft (the module's page list marks them). */
export async function pagesWithDraftsIn(db: Db, modulePath: string): Promise<string[]> {
  const rows = await db
    .selectFrom('page_drafts')
    .innerJoin('page_summaries', 'page_summaries.page_id', 'page_drafts.page_id')
    .select('page_summaries.path')
    .where('page_summaries.module_path', '=', modulePath)
    .orderBy('page_summaries.position')
    .execute();
  return rows.map((row) => row.path);
}
