import { type ColumnType, sql, type Transaction } from 'kysely';
import type { AnswerValue } from '../../events/result/answers';
import type { DraftEvent, ResultEvent } from '../../events/result/events';
import type { StoredEvent } from '../../events/store';
import { type AnyDb, tablesOf } from '../db';
import type { Projection } from '../projection';

/** The latest unconfirmed answer per participant and question ("what was I typing?"). */
export interface ResultDraftsTable {
  user_id: string;
  module_id: string;
  page_id: string;
  page_path: string;
  question: string;
  answer: ColumnType<AnswerValue | null, string | null, string | null>;
  updated_at: ColumnType<Date, string, string>;
}

export interface DraftTables {
  result_drafts: ResultDraftsTable;
}

type Ref = DraftEvent['data'] | Extract<ResultEvent, { type: 'AnswerSaved' }>['data'];

async function apply(trx: Transaction<DraftTables>, stored: StoredEvent) {
  if (stored.type === 'UserDeleted') {
    const userId = (stored.data as { userId: string }).userId;
    await trx.deleteFrom('result_drafts').where('user_id', '=', userId).execute();
    return;
  }
  const data = stored.data as Ref;
  if (stored.type === 'AnswerSaved') {
    // A confirmed answer supersedes the draft it came from.
    await trx
      .deleteFrom('result_drafts')
      .where('user_id', '=', data.userId)
      .where('module_id', '=', data.moduleId)
      .where('page_path', '=', data.pagePath)
      .where('question', '=', data.question)
      .execute();
    return;
  }
  const answer = data.answer === null ? null : JSON.stringify(data.answer);
  await sql`
    insert into result_drafts (user_id, module_id, page_id, page_path, question, answer, updated_at)
    values (${data.userId}, ${data.moduleId}, ${data.pageId}, ${data.pagePath}, ${data.question},
      ${answer}::jsonb, ${stored.meta.at})
    on conflict (user_id, module_id, page_path, question) do update
      set answer = excluded.answer, page_id = excluded.page_id, updated_at = excluded.updated_at`.execute(
    trx,
  );
}

export const resultDrafts: Projection<DraftTables> = {
  name: 'result_drafts',
  tables: ['result_drafts'],
  handles: ['AnswerDrafted', 'AnswerSaved', 'UserDeleted'],
  apply,
};

/** A participant's drafts on one page, by question name. */
export async function draftsOf(
  db: AnyDb,
  userId: string,
  moduleId: string,
  pagePath: string,
): Promise<Record<string, AnswerValue | null>> {
  const rows = await tablesOf<DraftTables>(db)
    .selectFrom('result_drafts')
    .select(['question', 'answer'])
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .where('page_path', '=', pagePath)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.question, row.answer]));
}
