import { type ColumnType, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { AnswerValue } from '../../events/result/answers';
import type { Db } from '../../server/db/tables';
import { rowsOf } from '../db';
import type { Projection } from '../projection';
import { draftAfter, foldRows, questionKey, questionOf } from './answer-rules';

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

const handles = ['AnswerDrafted', 'AnswerSaved', 'UserDeleted'] as const;
type Handled = (typeof handles)[number];
type DraftChange = StoredOf<Exclude<Handled, 'UserDeleted'>>;

async function apply(trx: Transaction<DraftTables>, stored: StoredOf<Handled>) {
  if (stored.type === 'UserDeleted') {
    const { userId } = stored.data;
    await trx.deleteFrom('result_drafts').where('user_id', '=', userId).execute();
    return;
  }
  await applyRun(trx, [stored]);
}

type DraftKey = { user_id: string; module_id: string; page_path: string; question: string };
const keyOf = (key: DraftKey) =>
  questionKey({
    userId: key.user_id,
    moduleId: key.module_id,
    pagePath: key.page_path,
    question: key.question,
  });

/** Up to this many answers in a run, their drafts are deleted by key without looking them up. */
const DIRECT_DELETES = 20;

/**
 * Drafts and answers, one event or a whole run: folded by the rules of answer-rules.ts, where a
 * question's draft depends on its last event alone (written, or gone), so nothing is read first.
 * Only drafts that exist can go, so in a long run (a replay) those of the run's participants and
 * modules are looked up first (a few rows) instead of sending the database a key for every answer.
 */
async function applyRun(trx: Transaction<DraftTables>, events: DraftChange[]) {
  const keys = new Map<string, DraftKey>();
  for (const stored of events) {
    const { data } = stored;
    keys.set(questionOf(stored), {
      user_id: data.userId,
      module_id: data.moduleId,
      page_path: data.pagePath,
      question: data.question,
    });
  }
  const drafts: Record<string, unknown>[] = [];
  const answered = new Map<string, DraftKey>();
  for (const [id, draft] of foldRows(events, questionOf, draftAfter)) {
    const key = keys.get(id)!;
    if (draft === null) answered.set(id, key);
    else drafts.push({ ...key, page_id: draft.pageId, answer: draft.answer, updated_at: draft.updatedAt });
  }
  if (answered.size > 0 && answered.size <= DIRECT_DELETES) {
    // A live save: its few keys go to the database at once (one statement, no look-up first).
    await sql`
      delete from result_drafts d using ${rowsOf('result_drafts', [...answered.values()])} a
      where d.user_id = a.user_id and d.module_id = a.module_id and d.page_path = a.page_path
        and d.question = a.question`.execute(trx);
  } else if (answered.size > 0) {
    const places = new Map(
      [...answered.values()].map((key) => [
        `${key.user_id} ${key.module_id}`,
        { user_id: key.user_id, module_id: key.module_id },
      ]),
    );
    const existing = await trx
      .selectFrom('result_drafts')
      .select(['user_id', 'module_id', 'page_path', 'question'])
      .where((eb) =>
        eb.or(
          [...places.values()].map((place) =>
            eb.and([eb('user_id', '=', place.user_id), eb('module_id', '=', place.module_id)]),
          ),
        ),
      )
      .execute();
    const gone = existing.filter((row) => answered.has(keyOf(row)));
    if (gone.length > 0)
      await sql`
        delete from result_drafts d using ${rowsOf('result_drafts', gone)} a
        where d.user_id = a.user_id and d.module_id = a.module_id and d.page_path = a.page_path
          and d.question = a.question`.execute(trx);
  }
  if (drafts.length > 0)
    await sql`
      insert into result_drafts (user_id, module_id, page_id, page_path, question, answer, updated_at)
      select user_id, module_id, page_id, page_path, question, answer, updated_at
        from ${rowsOf('result_drafts', drafts)}
      on conflict (user_id, module_id, page_path, question) do update
        set answer = excluded.answer, page_id = excluded.page_id, updated_at = excluded.updated_at`.execute(
      trx,
    );
}

export const resultDrafts: Projection<DraftTables, Handled> = {
  name: 'result_drafts',
  version: 1,
  tables: ['result_drafts'],
  handles,
  apply,
  runs: ['AnswerDrafted', 'AnswerSaved'],
  applyRun,
};

/** A participant's drafts on one page, by question name. */
export async function draftsOf(
  db: Db,
  userId: string,
  moduleId: string,
  pagePath: string,
): Promise<Record<string, AnswerValue | null>> {
  const rows = await db
    .selectFrom('result_drafts')
    .select(['question', 'answer'])
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .where('page_path', '=', pagePath)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.question, row.answer]));
}
