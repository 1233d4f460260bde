import { sql } from 'kysely';
import type { AnswerValue } from '../../events/result/answers';
import { awaitsScore } from '../../projections/result/answer-rules';
import { nameOrEmailContains, type SearchScope } from '../../projections/user/users';
import type { Db } from '../db/tables';

/**
 * The teacher's questions over module_results and result_answers: who was active in a module
 * between two moments, with their scores. Read only; the projection itself is module-results.ts.
 */

/**
 * Active between `from` (inclusive) and `until` (exclusive): the participant's first answer in the
 * module is before `until` and their last one at or after `from`. Either end may be open.
 */
export interface ActivityRange {
  from?: Date;
  until?: Date;
  /** Only participants linked to one of these courses (a course's teachers reach no one else); absent: all. */
  courses?: readonly string[];
}

/** Keeps the participants linked to one of the range's courses, when it names some. */
export const inCourses = (courses: readonly string[] | undefined, userColumn: string) =>
  courses === undefined
    ? sql<boolean>`true`
    : courses.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from user_links ul where ul.user_id = ${sql.ref(userColumn)}
          and ul.item_type = 'course' and ul.item_path in (${sql.join([...courses])}))`;

/**
 * Participants in a group within a course (ParticipantGroupSet): within `courses` when the reader's
 * scope is some courses, else within any course; no group, no filter.
 */
const inGroup = (group: string | undefined, courses: readonly string[] | undefined, userColumn: string) =>
  group === undefined
    ? sql<boolean>`true`
    : sql<boolean>`exists (select 1 from user_links ug where ug.user_id = ${sql.ref(userColumn)}
        and ug.item_type = 'course' and ug.group_label = ${group}
        ${courses === undefined ? sql`` : courses.length === 0 ? sql`and false` : sql`and ug.item_path in (${sql.join([...courses])})`})`;

export interface ParticipantFilter extends ActivityRange {
  /** Only participants in this group within a course (`inGroup`). */
  group?: string;
  /** Part of the name or e-mail (case-insensitive), as the viewer sees them (`scope`). */
  search?: string;
  /** Total score as a percentage of `moduleMaxScore`, compared as numbers. */
  minPercent?: number;
  maxPercent?: number;
  moduleMaxScore: number;
  /** Whose real name and e-mail `search` may match (private profiles only for who sees them). */
  scope: SearchScope;
  limit: number;
  offset: number;
}

export interface ParticipantRow {
  userId: string;
  name: string | null;
  email: string | null;
  fullPrivacy: boolean;
  startedAt: string;
  updatedAt: string;
  score: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** One page of the participants of a module, most recently active first, and how many match in all. */
export async function participantsOfModule(
  db: Db,
  moduleId: string,
  filter: ParticipantFilter,
): Promise<{ total: number; rows: ParticipantRow[] }> {
  const totals = db
    .selectFrom('result_answers')
    .select(['user_id', (eb) => eb.fn.sum<number>('score').as('score')])
    .where('module_id', '=', moduleId)
    .groupBy('user_id')
    .as('totals');
  let query = db
    .selectFrom('module_results as mr')
    .leftJoin('users as u', 'u.user_id', 'mr.user_id')
    .leftJoin(totals, 'totals.user_id', 'mr.user_id')
    .where('mr.module_id', '=', moduleId)
    .where(inCourses(filter.courses, 'mr.user_id'))
    .where(inGroup(filter.group, filter.courses, 'mr.user_id'));
  if (filter.from) query = query.where('mr.updated_at', '>=', filter.from);
  if (filter.until) query = query.where('mr.started_at', '<', filter.until);
  if (filter.search) query = query.where(nameOrEmailContains(filter.search, filter.scope, 'u'));
  // Percentages as numbers, never as text: 9 % is below 10 %.
  const percent = sql<number>`(100.0 * coalesce(totals.score, 0) / ${Math.max(filter.moduleMaxScore, 1)})`;
  if (filter.minPercent !== undefined) query = query.where(percent, '>=', filter.minPercent);
  if (filter.maxPercent !== undefined) query = query.where(percent, '<=', filter.maxPercent);
  const counted = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await query
    .select([
      'mr.user_id',
      'mr.started_at',
      'mr.updated_at',
      'u.name',
      'u.email',
      'u.full_privacy',
      sql<string | null>`totals.score`.as('score'),
    ])
    .orderBy('mr.updated_at', 'desc')
    .orderBy('mr.user_id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return {
    total: Number(counted?.count ?? 0),
    rows: rows.map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      fullPrivacy: row.full_privacy ?? false,
      startedAt: iso(row.started_at),
      updatedAt: iso(row.updated_at),
      score: Number(row.score ?? 0),
    })),
  };
}

/** Per participant, per page path and question, the current score (for the rows shown). */
export async function scoresOf(
  db: Db,
  moduleId: string,
  userIds: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const byUser = new Map<string, Map<string, number>>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('result_answers')
    .select(['user_id', 'page_path', 'question', 'score'])
    .where('module_id', '=', moduleId)
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) {
    let scores = byUser.get(row.user_id);
    if (!scores) {
      scores = new Map();
      byUser.set(row.user_id, scores);
    }
    scores.set(`${row.page_path}\u0000${row.question}`, row.score);
  }
  return byUser;
}

/** Where each participant stands on each answered question: for telling who is stuck. */
export interface AnswerStanding {
  userId: string;
  pagePath: string;
  question: string;
  answered: boolean;
  attempts: number;
  extraAttempts: number;
  score: number;
  maxScore: number;
  /** An open answer waiting for a teacher's score (answer-rules.ts `awaitsScore`). */
  awaitingScore: boolean;
}

/** The answered questions of several participants in one module, in one statement. */
export async function standingsOf(
  db: Db,
  moduleId: string,
  userIds: readonly string[],
): Promise<AnswerStanding[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('result_answers')
    .select([
      'user_id',
      'page_path',
      'question',
      'answer',
      'attempts',
      'extra_attempts',
      'score',
      'max_score',
      'question_type',
      'scored_at',
    ])
    .where('module_id', '=', moduleId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    pagePath: row.page_path,
    question: row.question,
    answered: Array.isArray(row.answer)
      ? row.answer.length > 0
      : typeof row.answer === 'string' && row.answer.trim() !== '',
    attempts: row.attempts,
    extraAttempts: row.extra_attempts,
    score: row.score,
    maxScore: row.max_score,
    awaitingScore: awaitsScore({
      questionType: row.question_type,
      answer: row.answer,
      maxScore: row.max_score,
      scoredAt: row.scored_at ? String(row.scored_at) : null,
    }),
  }));
}

export const scoreKey = (pagePath: string, question: string) => `${pagePath}\u0000${question}`;

/**
 * answer-rules.ts `awaitsScore` in SQL, over a row of result_answers named `alias`: an open answer
 * worth points, not empty, that no teacher has scored since it was given.
 */
export const awaitingScoreSql = (alias: string) =>
  sql<boolean>`(${sql.ref(`${alias}.question_type`)} = 'open' and ${sql.ref(`${alias}.max_score`)} > 0
    and ${sql.ref(`${alias}.scored_at`)} is null
    and jsonb_typeof(${sql.ref(`${alias}.answer`)}) = 'string'
    and btrim(${sql.ref(`${alias}.answer`)} #>> '{}') <> '')`;

/** The ids of the participants active in the range, most recently active first. */
export async function activeParticipantIds(
  db: Db,
  moduleId: string,
  range: ActivityRange,
): Promise<string[]> {
  let query = db
    .selectFrom('module_results')
    .select('user_id')
    .where('module_id', '=', moduleId)
    .where(inCourses(range.courses, 'module_results.user_id'));
  if (range.from) query = query.where('updated_at', '>=', range.from);
  if (range.until) query = query.where('started_at', '<', range.until);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

/**
 * Every participant active in the range, in batches ordered by id (keyset paging: each batch is two
 * short statements, and memory holds one batch at a time whatever the participant count). A batch
 * starts after the last id of the one before and reads its rows in order from the index on
 * (module_id, user_id), so it costs the same whatever comes after it: the whole export grows in
 * proportion to the participants. Each row
 * carries its scores and its answers in the order of `questions` (null: not answered), aggregated by
 * the database into one array per participant rather than one row per answer.
 */
export async function* participantBatches(
  db: Db,
  moduleId: string,
  range: ActivityRange,
  questions: readonly { pagePath: string; question: string }[],
  batchSize = 500,
): AsyncGenerator<
  (ParticipantRow & {
    scores: (number | null)[];
    answers: (AnswerValue | null)[];
    awaiting: boolean[];
  })[]
> {
  let after = '';
  for (;;) {
    let query = db
      .selectFrom('module_results as mr')
      .leftJoin('users as u', 'u.user_id', 'mr.user_id')
      .select(['mr.user_id', 'mr.started_at', 'mr.updated_at', 'u.name', 'u.email', 'u.full_privacy'])
      .where('mr.module_id', '=', moduleId)
      .where('mr.user_id', '>', after)
      .where(inCourses(range.courses, 'mr.user_id'));
    if (range.from) query = query.where('mr.updated_at', '>=', range.from);
    if (range.until) query = query.where('mr.started_at', '<', range.until);
    const rows = await query.orderBy('mr.user_id').limit(batchSize).execute();
    if (rows.length === 0) return;
    const scores = new Map<string, (number | null)[]>();
    const answers = new Map<string, (AnswerValue | null)[]>();
    const awaiting = new Map<string, boolean[]>();
    if (questions.length > 0) {
      const columns = sql.join(
        questions.map(
          (column, index) => sql`(${index}::int, ${column.pagePath}::text, ${column.question}::text)`,
        ),
      );
      const ids = rows.map((row) => row.user_id);
      // Answers as one jsonb array (parsed alike by both drivers), nulls where nothing was answered.
      const { rows: aggregated } = await sql<{
        user_id: string;
        scores: (number | null)[];
        answers: (AnswerValue | null)[];
        awaiting: (boolean | null)[];
      }>`
        select p.user_id, array_agg(ra.score order by q.n) as scores,
          jsonb_agg(ra.answer order by q.n) as answers,
          array_agg(${awaitingScoreSql('ra')} order by q.n) as awaiting
        from (values ${columns}) as q(n, page_path, question)
        cross join (select unnest(${ids}::text[]) as user_id) as p
        left join (
          select user_id, page_path, question, score, answer, question_type, max_score, scored_at
          from result_answers
          where module_id = ${moduleId} and user_id = any(${ids}::text[])
        ) as ra on ra.user_id = p.user_id and ra.page_path = q.page_path and ra.question = q.question
        group by p.user_id`.execute(db);
      for (const row of aggregated) {
        scores.set(row.user_id, row.scores);
        answers.set(row.user_id, row.answers);
        awaiting.set(
          row.user_id,
          row.awaiting.map((value) => value === true),
        );
      }
    }
    yield rows.map((row) => {
      const own = scores.get(row.user_id) ?? [];
      return {
        userId: row.user_id,
        name: row.name,
        email: row.email,
        fullPrivacy: row.full_privacy ?? false,
        startedAt: iso(row.started_at),
        updatedAt: iso(row.updated_at),
        score: own.reduce<number>((sum, value) => sum + (value ?? 0), 0),
        scores: own,
        answers: answers.get(row.user_id) ?? [],
        awaiting: awaiting.get(row.user_id) ?? [],
      };
    });
    after = rows.at(-1)!.user_id;
  }
}
