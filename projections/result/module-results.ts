import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { AnswerValue } from '../../events/result/answers';
import type { QuestionType, ResultEvent } from '../../events/result/events';
import type { StoredEvent } from '../../events/store';
import { type AnyDb, laterOf, rowsOf, tablesOf } from '../db';
import type { Projection } from '../projection';

/** One row per participant and module they answered in: "where was this participant last active". */
export interface ModuleResultsTable {
  user_id: string;
  module_id: string;
  module_path: string;
  started_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

/** One row per answered question: the latest answer, its attempts and its score. */
export interface ResultAnswersTable {
  user_id: string;
  module_id: string;
  page_id: string;
  page_path: string;
  question: string;
  question_type: QuestionType;
  answer: ColumnType<AnswerValue | null, string | null, string | null>;
  attempts: number;
  score: number;
  max_score: number;
  updated_at: ColumnType<Date, string, string>;
  /** A teacher's feedback (AnswerScored); kept when the participant answers again. */
  feedback: string | null;
  scored_by: string | null;
  scored_at: ColumnType<Date | null, string | null, string | null>;
  /** Attempts teachers gave on top of the formula (AttemptGranted). */
  extra_attempts: ColumnType<number, number | undefined, number>;
}

export interface ResultTables {
  module_results: ModuleResultsTable;
  result_answers: ResultAnswersTable;
}

type DataOf<T extends ResultEvent['type']> = Extract<ResultEvent, { type: T }>['data'];

const results = (db: AnyDb) => tablesOf<ResultTables>(db);

async function apply(trx: Transaction<ResultTables>, stored: StoredEvent) {
  if (stored.type === 'UserDeleted') {
    const userId = (stored.data as { userId: string }).userId;
    await trx.deleteFrom('result_answers').where('user_id', '=', userId).execute();
    await trx.deleteFrom('module_results').where('user_id', '=', userId).execute();
    return;
  }
  const at = stored.meta.at;
  if (stored.type === 'AnswerScored') {
    const data = stored.data as DataOf<'AnswerScored'>;
    // A teacher's score is no activity of the participant: updated_at stays.
    await trx
      .updateTable('result_answers')
      .set({ score: data.score, feedback: data.feedback, scored_by: data.scoredBy, scored_at: at })
      .where('user_id', '=', data.userId)
      .where('module_id', '=', data.moduleId)
      .where('page_path', '=', data.pagePath)
      .where('question', '=', data.question)
      .execute();
    return;
  }
  if (stored.type === 'AttemptGranted') {
    const data = stored.data as DataOf<'AttemptGranted'>;
    await trx
      .updateTable('result_answers')
      .set({ extra_attempts: data.extraAttempts })
      .where('user_id', '=', data.userId)
      .where('module_id', '=', data.moduleId)
      .where('page_path', '=', data.pagePath)
      .where('question', '=', data.question)
      .execute();
    return;
  }
  const data = stored.data as DataOf<'AnswerSaved'>;
  await sql`
    insert into module_results (user_id, module_id, module_path, started_at, updated_at)
    values (${data.userId}, ${data.moduleId}, ${data.modulePath}, ${at}, ${at})
    on conflict (user_id, module_id) do update
      set updated_at = greatest(module_results.updated_at, excluded.updated_at)`.execute(trx);
  const answer = data.answer === null ? null : JSON.stringify(data.answer);
  // Idempotent: replaying an older attempt never overwrites a later one.
  await sql`
    insert into result_answers (user_id, module_id, page_id, page_path, question, question_type, answer,
      attempts, score, max_score, updated_at)
    values (${data.userId}, ${data.moduleId}, ${data.pageId}, ${data.pagePath}, ${data.question},
      ${data.questionType}, ${answer}::jsonb, ${data.attempt}, ${data.score}, ${data.maxScore}, ${at})
    on conflict (user_id, module_id, page_path, question) do update
      set answer = excluded.answer, attempts = excluded.attempts, score = excluded.score,
        max_score = excluded.max_score, question_type = excluded.question_type, page_id = excluded.page_id,
        updated_at = excluded.updated_at
      where result_answers.attempts < excluded.attempts`.execute(trx);
}

/**
 * A run of AnswerSaved in one statement. Per participant and module the first answer starts the
 * row and the latest time stays; per question the first answer with the most attempts wins, which
 * is what the one-by-one upserts above leave behind.
 */
async function applyRun(trx: Transaction<ResultTables>, events: StoredEvent[]) {
  const modules = new Map<string, Record<string, unknown> & { updated_at: string }>();
  const answers = new Map<string, Record<string, unknown> & { attempts: number }>();
  for (const stored of events) {
    const data = stored.data as DataOf<'AnswerSaved'>;
    const at = stored.meta.at;
    const moduleKey = JSON.stringify([data.userId, data.moduleId]);
    const started = modules.get(moduleKey);
    if (started) started.updated_at = laterOf(started.updated_at, at);
    else
      modules.set(moduleKey, {
        user_id: data.userId,
        module_id: data.moduleId,
        module_path: data.modulePath,
        started_at: at,
        updated_at: at,
      });
    const answerKey = JSON.stringify([data.userId, data.moduleId, data.pagePath, data.question]);
    const earlier = answers.get(answerKey);
    if (earlier && earlier.attempts >= data.attempt) continue;
    answers.set(answerKey, {
      user_id: data.userId,
      module_id: data.moduleId,
      page_id: data.pageId,
      page_path: data.pagePath,
      question: data.question,
      question_type: data.questionType,
      answer: data.answer,
      attempts: data.attempt,
      score: data.score,
      max_score: data.maxScore,
      updated_at: at,
    });
  }
  // One statement: a data-modifying WITH runs to completion whether or not the rest reads it.
  await sql`
    with started as (
      insert into module_results (user_id, module_id, module_path, started_at, updated_at)
      select user_id, module_id, module_path, started_at, updated_at
        from ${rowsOf('module_results', [...modules.values()])}
      on conflict (user_id, module_id) do update
        set updated_at = greatest(module_results.updated_at, excluded.updated_at)
    )
    insert into result_answers (user_id, module_id, page_id, page_path, question, question_type, answer,
      attempts, score, max_score, updated_at)
    select user_id, module_id, page_id, page_path, question, question_type, answer, attempts, score,
      max_score, updated_at
      from ${rowsOf('result_answers', [...answers.values()])}
    on conflict (user_id, module_id, page_path, question) do update
      set answer = excluded.answer, attempts = excluded.attempts, score = excluded.score,
        max_score = excluded.max_score, question_type = excluded.question_type, page_id = excluded.page_id,
        updated_at = excluded.updated_at
      where result_answers.attempts < excluded.attempts`.execute(trx);
}

export const moduleResults: Projection<ResultTables> = {
  name: 'module_results',
  version: 1,
  tables: ['module_results', 'result_answers'],
  handles: ['AnswerSaved', 'AnswerScored', 'AttemptGranted', 'UserDeleted'],
  apply,
  runs: ['AnswerSaved'],
  applyRun,
};

export interface StoredAnswer {
  pagePath: string;
  question: string;
  questionType: QuestionType;
  answer: AnswerValue | null;
  attempts: number;
  score: number;
  maxScore: number;
  updatedAt: string;
  feedback: string | null;
  scoredBy: string | null;
  scoredAt: string | null;
  extraAttempts: number;
}

export const toAnswer = (row: Selectable<ResultAnswersTable>): StoredAnswer => ({
  pagePath: row.page_path,
  question: row.question,
  questionType: row.question_type,
  answer: row.answer,
  attempts: row.attempts,
  score: row.score,
  maxScore: row.max_score,
  updatedAt: new Date(row.updated_at).toISOString(),
  feedback: row.feedback,
  scoredBy: row.scored_by,
  scoredAt: row.scored_at ? new Date(row.scored_at).toISOString() : null,
  extraAttempts: row.extra_attempts,
});

/** A participant's answers in one module. */
export async function answersOf(db: AnyDb, userId: string, moduleId: string): Promise<StoredAnswer[]> {
  const rows = await results(db)
    .selectFrom('result_answers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .orderBy('page_path')
    .orderBy('question')
    .execute();
  return rows.map(toAnswer);
}

/** A participant's answers in many modules in one statement, grouped by module id (batched loaders). */
export async function answersOfModules(
  db: AnyDb,
  userId: string,
  moduleIds: readonly string[],
): Promise<Map<string, StoredAnswer[]>> {
  const grouped = new Map<string, StoredAnswer[]>(moduleIds.map((id) => [id, []]));
  if (moduleIds.length === 0) return grouped;
  const rows = await results(db)
    .selectFrom('result_answers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module_id', 'in', [...moduleIds])
    .orderBy('page_path')
    .orderBy('question')
    .execute();
  for (const row of rows) grouped.get(row.module_id)?.push(toAnswer(row));
  return grouped;
}

/**
 * The modules a participant worked in, most recent first: answers, and drafts too (a participant
 * who only drafted so far has still begun, and 'continue where you left off' should find it).
 */
export async function latestResultsOf(
  db: AnyDb,
  userId: string,
  limit: number,
): Promise<{ moduleId: string; modulePath: string; updatedAt: string }[]> {
  const { rows } = await sql<{ module_id: string; module_path: string; updated_at: Date | string }>`
    select module_id, (array_agg(module_path order by updated_at desc))[1] as module_path,
      max(updated_at) as updated_at
    from (
      select module_id, module_path, updated_at from module_results where user_id = ${userId}
      union all
      select d.module_id, m.path, d.updated_at from result_drafts d
        join module_summaries m on m.module_id = d.module_id
        where d.user_id = ${userId}
    ) activity
    group by module_id
    order by max(updated_at) desc
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    moduleId: row.module_id,
    modulePath: row.module_path,
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}
