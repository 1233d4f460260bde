import { sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import { elementSchema, isQuestion } from '../../events/page/content';
import type { StoredEvent } from '../../events/store';
import { rowsOf } from '../db';
import type { Projection } from '../projection';
import { absolute, baseAt, type XapiBase } from './absolute';
import {
  answerStatement,
  certificateSource,
  type Draft,
  earnedStatement,
  type ModuleNames,
  pageStatement,
  type QuestionDefinition,
  sightingStatement,
  voidingStatement,
} from './build';
import { type ModuleProgress, moduleOutcome, recordAnswer } from './module-outcome';
import { statementIdOf } from './vocabulary';

/** One row per statement, in the log's order (position, then the statement's place in its event). */
export interface XapiStatementsTable {
  statement_id: string;
  position: string;
  ordinal: number;
  /** The person the statement is about (null: a voiding statement, made by the platform). */
  user_id: string | null;
  verb: string;
  /** The object's activity IRI; null for a StatementRef. */
  activity: string | null;
  /** What a later event refers to ('certificate:<id>' for the earned statement a revocation voids). */
  source: string | null;
  voided: boolean;
  stored: Date;
  body: unknown;
}

/** Per participant and module: the latest score of each question answered, and whether it completed. */
export interface XapiModuleProgressTable {
  user_id: string;
  module_id: string;
  answers: ModuleProgress;
  completed: boolean;
}

export interface XapiTables {
  xapi_statements: XapiStatementsTable;
  xapi_module_progress: XapiModuleProgressTable;
}

const handles = [
  'ItemSeen',
  'PageSeen',
  'AnswerSaved',
  'CertificateIssued',
  'CertificateRevoked',
  'UserDeleted',
] as const;
type Handled = (typeof handles)[number];
const runs = ['ItemSeen', 'PageSeen', 'AnswerSaved'] as const;
/** The events applied in runs: sightings and answers. */
type RunEvent = StoredOf<(typeof runs)[number]>;

/**
 * The rows of an event's statements, numbered in the order the event gave them, with the IRIs of the
 * base in effect at the event (xapi_bases).
 */
const rowsFor = (event: StoredEvent, drafts: Draft[], bases: readonly XapiBase[], firstOrdinal = 0) => {
  const base = baseAt(bases, event.position);
  return drafts.map((draft, index) => ({
    statement_id: statementIdOf(event.stream, event.version, draft.kind),
    position: event.position,
    ordinal: firstOrdinal + index,
    user_id: draft.userId,
    verb: draft.verb,
    activity: draft.activity === null ? null : base + draft.activity,
    source: draft.source,
    voided: false,
    stored: event.recordedAt.toISOString(),
    body: { id: statementIdOf(event.stream, event.version, draft.kind), ...absolute(draft.statement, base) },
  }));
};

/** The IRI bases, oldest first (a handful of rows: one per site move). */
const basesOf = async (trx: Transaction<XapiTables>) =>
  (
    await sql<XapiBase>`select from_position::text as "from", base from xapi_bases order by from_position`.execute(
      trx,
    )
  ).rows;

async function insertRows(trx: Transaction<XapiTables>, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  // Idempotent: a statement's id is its event's, so applying the event again adds nothing.
  await sql`
    insert into xapi_statements
    select * from ${rowsOf('xapi_statements', rows)}
    on conflict (statement_id) do nothing`.execute(trx);
}

/**
 * What a run needs to know, in one statement: who of its people still exists (a sighting that raced
 * an erasure makes no statement), their progress in the modules they answered in, the question
 * names of those modules' pages (keyed by the JSON of [page path, question]), and the names of the
 * modules answered or seen in, with their pages' titles and their courses (directly or through a
 * section), each course once, in path order.
 */
async function stateOf(
  trx: Transaction<XapiTables>,
  events: readonly (RunEvent | StoredOf<'CertificateIssued'>)[],
) {
  const answers = events.flatMap((event) => (event.type === 'AnswerSaved' ? [event.data] : []));
  const userIds = [...new Set(events.map((event) => event.data.userId))];
  const pairs = JSON.stringify(answers.map((data) => ({ u: data.userId, m: data.moduleId })));
  const modulePaths = [...new Set(answers.map((data) => data.modulePath))];
  const namedPaths = [
    ...new Set(events.flatMap((event) => ('modulePath' in event.data ? [event.data.modulePath] : []))),
  ];
  const { rows } = await sql<{
    alive: string[];
    progress: XapiModuleProgressTable[];
    questions: { module_path: string; page_path: string; name: string; element: unknown; language: string }[];
    modules: (Omit<ModuleNames, 'anonymousPages'> & { path: string; anonymous_pages: boolean })[];
    bases: XapiBase[];
  }>`
    select
      (select coalesce(jsonb_agg(user_id), '[]') from users where user_id = any(${userIds}::text[])) as alive,
      (select coalesce(jsonb_agg(p), '[]') from xapi_module_progress p
        where (p.user_id, p.module_id) in (select u, m from jsonb_to_recordset(${pairs}::jsonb) as w(u text, m uuid)))
        as progress,
      (select coalesce(jsonb_agg(jsonb_build_object('module_path', p.module_path, 'page_path', p.path, 'name', e->>'name',
          'element', e, 'language', (select m.language from module_summaries m where m.path = p.module_path))), '[]')
        from page_summaries p, jsonb_array_elements(p.content) e
        where p.module_path = any(${modulePaths}::text[]) and e ? 'questionType') as questions,
      (select coalesce(jsonb_agg(jsonb_build_object('path', m.path, 'name', m.name, 'info', m.info,
          'language', m.language, 'anonymous_pages', m.anonymous_pages,
          'pages', (select coalesce(jsonb_object_agg(p.path, p.name), '{}') from page_summaries p
            where p.module_path = m.path),
          'courses', (select coalesce(jsonb_agg(jsonb_build_object('path', c.path, 'name', c.name,
              'language', c.language) order by c.path), '[]')
            from course_summaries c where c.path in (
              select l.parent_path from content_links l
                where l.item_type = 'module' and l.item_path = m.path and l.parent_type = 'course'
              union
              select s.course_path from content_links l join section_summaries s on s.path = l.parent_path
                where l.item_type = 'module' and l.item_path = m.path and l.parent_type = 'section')))), '[]')
        from module_summaries m where m.path = any(${namedPaths}::text[])) as modules,
      (select coalesce(jsonb_agg(jsonb_build_object('from', b.from_position::text, 'base', b.base)
          order by b.from_position), '[]') from xapi_bases b) as bases`.execute(trx);
  const state = rows[0]!;
  const questions = new Map<string, Set<string>>(modulePaths.map((path) => [path, new Set()]));
  const definitions = new Map<string, QuestionDefinition>();
  for (const row of state.questions) {
    questions.get(row.module_path)?.add(JSON.stringify([row.page_path, row.name]));
    const element = elementSchema.safeParse(row.element);
    if (element.success && isQuestion(element.data))
      definitions.set(JSON.stringify([row.module_path, row.page_path, row.name]), {
        element: element.data,
        language: row.language ?? 'und',
      });
  }
  const names = new Map<string, ModuleNames>(
    state.modules.map(({ path, anonymous_pages, ...named }) => [
      path,
      { ...named, anonymousPages: anonymous_pages },
    ]),
  );
  return {
    alive: new Set(state.alive),
    progress: state.progress,
    questions,
    definitions,
    names,
    bases: state.bases,
  };
}

/**
 * Sightings (of items and of module pages) and answers, one event or a whole run alike: each event's statements in order, and a
 * module's completed and passed/failed the first time every question of it has an answer. Reads
 * page_summaries, module_summaries and users, which no run type writes (Projection.runs).
 */
async function applyRun(trx: Transaction<XapiTables>, events: RunEvent[]) {
  const state = await stateOf(trx, events);
  const { alive, questions, definitions, names, bases } = state;
  const keyOf = (data: { userId: string; moduleId: string }) => JSON.stringify([data.userId, data.moduleId]);
  const progress = new Map<string, { row: XapiModuleProgressTable; changed: boolean }>();
  for (const row of state.progress)
    progress.set(JSON.stringify([row.user_id, row.module_id]), { row, changed: false });
  const rows: Record<string, unknown>[] = [];
  for (const event of events) {
    if (!alive.has(event.data.userId)) continue;
    if (event.type === 'ItemSeen') {
      rows.push(...rowsFor(event, [sightingStatement(event)], bases));
      continue;
    }
    if (event.type === 'PageSeen') {
      rows.push(...rowsFor(event, [pageStatement(event, names.get(event.data.modulePath))], bases));
      continue;
    }
    const { data } = event;
    const definition = definitions.get(JSON.stringify([data.modulePath, data.pagePath, data.question]));
    const moduleNames = names.get(data.modulePath);
    const drafts = [answerStatement(event, definition, moduleNames)];
    const key = keyOf(data);
    const entry = progress.get(key) ?? {
      row: { user_id: data.userId, module_id: data.moduleId, answers: {}, completed: false },
      changed: true,
    };
    progress.set(key, entry);
    entry.row.answers = recordAnswer(entry.row.answers, data);
    entry.changed = true;
    if (!entry.row.completed) {
      const outcome = moduleOutcome(
        event,
        entry.row.answers,
        questions.get(data.modulePath) ?? new Set(),
        moduleNames,
      );
      if (outcome) {
        entry.row.completed = true;
        drafts.push(...outcome);
      }
    }
    rows.push(...rowsFor(event, drafts, bases));
  }
  const changed = [...progress.values()].filter((entry) => entry.changed).map((entry) => ({ ...entry.row }));
  if (changed.length === 0) return insertRows(trx, rows);
  const upsert = sql`
    insert into xapi_module_progress (user_id, module_id, answers, completed)
    select user_id, module_id, answers, completed from ${rowsOf('xapi_module_progress', changed)}
    on conflict (user_id, module_id) do update
      set answers = excluded.answers, completed = excluded.completed`;
  if (rows.length === 0) return void (await upsert.execute(trx));
  // One statement for both (a save's): a data-modifying WITH runs whether or not the rest reads it.
  await sql`
    with made as (
      insert into xapi_statements select * from ${rowsOf('xapi_statements', rows)}
      on conflict (statement_id) do nothing)
    ${upsert}`.execute(trx);
}

/** CertificateRevoked: the earned statement is voided, by a voiding statement and in the table. */
async function revoke(trx: Transaction<XapiTables>, event: StoredOf<'CertificateRevoked'>) {
  const { data } = event;
  const earned = await trx
    .updateTable('xapi_statements')
    .set({ voided: true })
    .where('source', '=', certificateSource(data.certificateId))
    .where('verb', '=', 'earned')
    .where('voided', '=', false)
    .returning('statement_id')
    .execute();
  await insertRows(
    trx,
    rowsFor(
      event,
      earned.map((row) => voidingStatement(row.statement_id, data.revokedAt)),
      await basesOf(trx),
    ),
  );
}

/**
 * UserDeleted: every statement about the person is voided (a voiding statement each, which an LRS
 * that already has them receives too) and loses its response; their module progress goes. What stays
 * names them only by the opaque account name, which nothing links to a person any more.
 */
async function erase(trx: Transaction<XapiTables>, event: StoredOf<'UserDeleted'>) {
  const { userId } = event.data;
  const targets = await trx
    .selectFrom('xapi_statements')
    .select('statement_id')
    .where('user_id', '=', userId)
    .where('voided', '=', false)
    .orderBy('position')
    .orderBy('ordinal')
    .execute();
  await sql`
    update xapi_statements set voided = true, body = body #- '{result,response}'
      where user_id = ${userId}`.execute(trx);
  await trx.deleteFrom('xapi_module_progress').where('user_id', '=', userId).execute();
  await insertRows(
    trx,
    rowsFor(
      event,
      targets.map((row) => voidingStatement(row.statement_id, event.meta.at)),
      await basesOf(trx),
    ),
  );
}

async function apply(trx: Transaction<XapiTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'ItemSeen':
    case 'PageSeen':
    case 'AnswerSaved':
      return applyRun(trx, [event]);
    case 'CertificateIssued': {
      const { alive, bases } = await stateOf(trx, [event]);
      if (alive.size > 0) await insertRows(trx, rowsFor(event, [earnedStatement(event)], bases));
      return;
    }
    case 'CertificateRevoked':
      return revoke(trx, event);
    case 'UserDeleted':
      return erase(trx, event);
  }
}

export const xapiStatements: Projection<XapiTables, Handled> = {
  name: 'xapi_statements',
  // 2: titles in the content's language, the courses as grouping, IRIs fixed when made.
  version: 2,
  reads: [
    'users',
    'page_summaries',
    'module_summaries',
    'course_summaries',
    'section_summaries',
    'content_links',
  ],
  readsSettled: ['xapi_bases'],
  tables: ['xapi_statements', 'xapi_module_progress'],
  handles,
  apply,
  runs,
  applyRun,
};
