import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { AnswerValue } from '../../events/result/answers';
import type { QuestionType } from '../../events/result/events';
import type { Db } from '../../server/db/tables';
import { rowsOf } from '../db';
import type { Projection } from '../projection';
import {
  type AnswerRow,
  activityAfter,
  activityKey,
  answerAfter,
  foldRows,
  questionKey,
  questionOf,
} from './answer-rules';

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

const handles = ['AnswerSaved', 'AnswerScored', 'AttemptGranted', 'UserDeleted'] as const;
type Handled = (typeof handles)[number];
type ResultChange = StoredOf<Exclude<Handled, 'UserDeleted'>>;

async function apply(trx: Transaction<ResultTables>, stored: StoredOf<Handled>) {
  if (stored.type === 'UserDeleted') {
    const { userId } = stored.data;
    await trx.deleteFrom('result_answers').where('user_id', '=', userId).execute();
    await trx.deleteFrom('module_results').where('user_id', '=', userId).execute();
    return;
  }
  await applyRun(trx, [stored]);
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Answers, scores and extra attempts, one event or a whole run, in two statements whatever its
 * length: the rows the events touch are read, the events folded into them by the rules of
 * answer-rules.ts, and what changed written back. Reading first is safe live: every event that
 * touches a row belongs to the one result stream of its participant and module, which the
 * appending transaction holds.
 */
async function applyRun(trx: Transaction<ResultTables>, events: ResultChange[]) {
  const questions = new Map<string, Record<string, string>>();
  const modules = new Map<string, Record<string, string>>();
  for (const stored of events) {
    const { data } = stored;
    questions.set(questionOf(stored), {
      user_id: data.userId,
      module_id: data.moduleId,
      page_path: data.pagePath,
      question: data.question,
    });
    if (stored.type === 'AnswerSaved')
      modules.set(activityKey(data), { user_id: data.userId, module_id: data.moduleId });
  }
  // One read for both tables; json_agg gives timestamps as text, which both drivers leave alone.
  const { rows } = await sql<{
    answers: Selectable<ResultAnswersTable>[] | null;
    modules: Selectable<ModuleResultsTable>[] | null;
  }>`
    select
      (select json_agg(a) from result_answers a
        join ${rowsOf('result_answers', [...questions.values()])} k
          using (user_id, module_id, page_path, question)) as answers,
      (select json_agg(m) from module_results m
        join ${rowsOf('module_results', [...modules.values()])} k using (user_id, module_id)) as modules`.execute(
    trx,
  );
  const answersBefore = new Map(
    (rows[0]?.answers ?? []).map((row) => [
      questionKey({
        userId: row.user_id,
        moduleId: row.module_id,
        pagePath: row.page_path,
        question: row.question,
      }),
      answerRowOf(row),
    ]),
  );
  const modulesBefore = new Map(
    (rows[0]?.modules ?? []).map((row) => [
      activityKey({ userId: row.user_id, moduleId: row.module_id }),
      { modulePath: row.module_path, startedAt: iso(row.started_at), updatedAt: iso(row.updated_at) },
    ]),
  );
  const answers = foldRows(events, questionOf, answerAfter, answersBefore);
  const activity = foldRows(
    events,
    (stored) => (stored.type === 'AnswerSaved' ? activityKey(stored.data) : null),
    activityAfter,
    modulesBefore,
  );
  // The rules never remove a row (only erasure does, above): what changed is written whole.
  const answerRows = [...answers]
    .filter(([key, row]) => row !== null && row !== answersBefore.get(key))
    .map(([key, row]) => ({
      ...questions.get(key),
      page_id: row!.pageId,
      question_type: row!.questionType,
      answer: row!.answer,
      attempts: row!.attempts,
      score: row!.score,
      max_score: row!.maxScore,
      updated_at: row!.updatedAt,
      feedback: row!.feedback,
      scored_by: row!.scoredBy,
      scored_at: row!.scoredAt,
      extra_attempts: row!.extraAttempts,
    }));
  const moduleRows = [...activity]
    .filter(([key, row]) => row !== null && row !== modulesBefore.get(key))
    .map(([key, row]) => ({
      ...modules.get(key),
      module_path: row!.modulePath,
      started_at: row!.startedAt,
      updated_at: row!.updatedAt,
    }));
  if (answerRows.length === 0 && moduleRows.length === 0) return;
  // One statement: a data-modifying WITH runs to completion whether or not the rest reads it.
  await sql`
    with started as (
      insert into module_results (user_id, module_id, module_path, started_at, updated_at)
      select user_id, module_id, module_path, started_at, updated_at
        from ${rowsOf('module_results', moduleRows)}
      on conflict (user_id, module_id) do update
        set module_path = excluded.module_path, started_at = excluded.started_at,
          updated_at = excluded.updated_at
    )
    insert into result_answers (user_id, module_id, page_id, page_path, question, question_type, answer,
      attempts, score, max_score, updated_at, feedback, scored_by, scored_at, extra_attempts)
    select user_id, module_id, page_id, page_path, question, question_type, answer, attempts, score,
      max_score, updated_at, feedback, scored_by, scored_at, extra_attempts
      from ${rowsOf('result_answers', answerRows)}
    on conflict (user_id, module_id, page_path, question) do update
      set page_id = excluded.page_id, question_type = excluded.question_type, answer = excluded.answer,
        attempts = excluded.attempts, score = excluded.score, max_score = excluded.max_score,
        updated_at = excluded.updated_at, feedback = excluded.feedback, scored_by = excluded.scored_by,
        scored_at = excluded.scored_at, extra_attempts = excluded.extra_attempts`.execute(trx);
}

export const moduleResults: Projection<ResultTables, Handled> = {
  name: 'module_results',
  // 2: a new answer clears who scored the one before, and feedback alone scores nothing.
  version: 2,
  tables: ['module_results', 'result_answers'],
  handles,
  apply,
  runs: ['AnswerSaved'],
  applyRun,
};

/** A stored answer as readers see it: the rule's row, named by page path and question. */
export interface StoredAnswer extends Omit<AnswerRow, 'pageId'> {
  pagePath: string;
  question: string;
}

/** A row of result_answers as the rules see it (times as ISO text, whichever driver read it). */
export const answerRowOf = (row: Selectable<ResultAnswersTable>): AnswerRow => ({
  pageId: row.page_id,
  questionType: row.question_type,
  answer: row.answer,
  attempts: row.attempts,
  score: row.score,
  maxScore: row.max_score,
  updatedAt: iso(row.updated_at),
  feedback: row.feedback,
  scoredBy: row.scored_by,
  scoredAt: row.scored_at ? iso(row.scored_at) : null,
  extraAttempts: row.extra_attempts,
});

/** What the API tells of one question's result. */
export const storedAnswerOf = (pagePath: string, question: string, row: AnswerRow): StoredAnswer => ({
  pagePath,
  question,
  questionType: row.questionType,
  answer: row.answer,
  attempts: row.attempts,
  score: row.score,
  maxScore: row.maxScore,
  updatedAt: row.updatedAt,
  feedback: row.feedback,
  scoredBy: row.scoredBy,
  scoredAt: row.scoredAt,
  extraAttempts: row.extraAttempts,
});

const toAnswer = (row: Selectable<ResultAnswersTable>): StoredAnswer =>
  storedAnswerOf(row.page_path, row.question, answerRowOf(row));

/** A participant's answers in one module. */
export async function answersOf(db: Db, userId: string, moduleId: string): Promise<StoredAnswer[]> {
  const rows = await db
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
  db: Db,
  userId: string,
  moduleIds: readonly string[],
): Promise<Map<string, StoredAnswer[]>> {
  const grouped = new Map<string, StoredAnswer[]>(moduleIds.map((id) => [id, []]));
  if (moduleIds.length === 0) return grouped;
  const rows = await db
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
  db: Db,
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
