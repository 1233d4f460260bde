import { sql } from 'kysely';
import type { AnswerValue } from '../../events/result/answers';
import type { StoredEvent } from '../../events/store';
import { trackingStream } from '../../events/tracking/events';
import type { ModuleRowWithTotals } from '../../projections/module/module-summaries';
import { toModuleSummary } from '../../projections/module/module-summaries';
import { toPageSummary } from '../../projections/page/page-summaries';
import {
  type AnswerRow,
  answerAfter,
  type DraftRow,
  draftAfter,
  foldRows,
  isAnswerEvent,
  questionKey,
  questionOf,
} from '../../projections/result/answer-rules';
import { answerRowOf, storedAnswerOf } from '../../projections/result/module-results';
import type { DatabaseHandle } from '../db';
import { type ModuleStructure, structureCacheOf } from './module-structures';
import { databaseSources, type LearnerSources } from './queries';

type DraftRowJson = {
  page_path: string;
  question: string;
  page_id: string;
  answer: AnswerValue | null;
  updated_at: string;
};
/** One question's row in the view, as the rules fold it. */
type Placed<Row> = { pagePath: string; question: string; row: Row };

interface ViewRow {
  version: string;
  changed: boolean;
  module: Omit<ModuleRowWithTotals, 'page_count' | 'estimated_time'> | null;
  owners: string[] | null;
  pages: Parameters<typeof toPageSummary>[0][] | null;
  answers: Parameters<typeof answerRowOf>[0][];
  drafts: DraftRowJson[];
  seen: string[];
}

interface View extends ModuleStructure {
  moduleId: string;
  answers: Placed<AnswerRow>[];
  drafts: Placed<DraftRow>[];
  /** The ids of the module's pages the viewer has seen (PageSeen in their own tracking stream). */
  seen: ReadonlySet<string>;
}

type ViewDatabase = Pick<DatabaseHandle, 'db' | 'pglite' | 'target'>;

/**
 * What a learner's page view and save read, in one statement (docs/development/performance.md): the viewer's answers and
 * drafts in the module and, only when this process's copy (module-structures.ts) is not that of the
 * database's structure version, the module, its owners and its pages. `result.module` and
 * `result.page` come in one batch and share these sources through the request, so the page view
 * reads the database once; the links are read only for a module that is not public
 * (moduleAccessWith asks for them then), and the courses the viewer teaches it through only when
 * they hold a role and nothing else opens it. The answers are read as they are when first asked: a
 * save answers the view it read before its write with its own events applied (`after`), so what
 * another writer changed in between (a teacher's score) shows at the learner's next read.
 */
export interface LearnerViewSources extends LearnerSources {
  /**
   * The same view once `events` (a save's, just committed) are applied to it in memory, as the
   * result projections apply them to their tables: the save answers its new state without reading
   * the viewer's answers again.
   */
  after: (events: StoredEvent[]) => LearnerViewSources;
}

export function learnerViewSources(database: ViewDatabase, viewerId: string | null): LearnerViewSources {
  return sourcesOf(database, viewerId, new Map());
}

function sourcesOf(
  database: ViewDatabase,
  viewerId: string | null,
  views: Map<string, Promise<View | null>>,
): LearnerViewSources {
  const base = databaseSources(database.db);
  const byId = new Map<string, View>();
  const viewOf = (path: string) => {
    if (!views.has(path)) views.set(path, readView(database, path, viewerId));
    return views.get(path)!;
  };
  const known = (moduleId: string) => byId.get(moduleId);
  return {
    module: async (path) => {
      const view = await viewOf(path);
      if (!view) return null;
      byId.set(view.moduleId, view);
      return view.summary;
    },
    owners: async (moduleId) => known(moduleId)?.owners ?? base.owners(moduleId),
    linked: base.linked,
    teaches: base.teaches,
    pages: async (modulePath) => (await viewOf(modulePath))?.pages ?? base.pages(modulePath),
    answers: async (userId, moduleId) => {
      const view = known(moduleId);
      return view && userId === viewerId
        ? view.answers.map((answer) => storedAnswerOf(answer.pagePath, answer.question, answer.row))
        : base.answers(userId, moduleId);
    },
    seen: async (userId, moduleId) => {
      const view = known(moduleId);
      return view && userId === viewerId ? view.seen : (base.seen?.(userId, moduleId) ?? new Set<string>());
    },
    drafts: async (userId, moduleId, pagePath) => {
      const view = known(moduleId);
      if (!view || userId !== viewerId) return (base.drafts ?? noDrafts)(userId, moduleId, pagePath);
      return Object.fromEntries(
        view.drafts
          .filter((draft) => draft.pagePath === pagePath)
          .map((draft) => [draft.question, draft.row.answer]),
      );
    },
    after: (events) => {
      const next = new Map<string, Promise<View | null>>();
      for (const [path, view] of views)
        next.set(
          path,
          view.then((current) => current && withEvents(current, viewerId, events)),
        );
      return sourcesOf(database, viewerId, next);
    },
  };
}

/**
 * The viewer's events in this module folded into the view's rows by the rules the result
 * projections write their tables with (projections/result/answer-rules.ts), so a save answers what
 * a later read of the tables gives. A row keeps its place; a question's first answer or draft
 * comes last.
 */
function withEvents(view: View, viewerId: string | null, events: StoredEvent[]): View {
  const mine = events
    .filter(isAnswerEvent)
    .filter(({ data }) => data.userId === viewerId && data.moduleId === view.moduleId);
  const keyOf = (pagePath: string, question: string) =>
    questionKey({ userId: viewerId!, moduleId: view.moduleId, pagePath, question });
  const answers = foldRows(
    mine,
    questionOf,
    answerAfter,
    new Map(view.answers.map((answer) => [keyOf(answer.pagePath, answer.question), answer.row])),
  );
  const drafts = foldRows(
    mine,
    questionOf,
    draftAfter,
    new Map(view.drafts.map((draft) => [keyOf(draft.pagePath, draft.question), draft.row])),
  );
  const questions = new Map(mine.map((event) => [questionOf(event), event.data]));
  const placed = <Row>(rows: Placed<Row>[], after: Map<string, Row | null>): Placed<Row>[] => {
    const known = new Set(rows.map((row) => keyOf(row.pagePath, row.question)));
    const next = rows.flatMap((entry) => {
      const key = keyOf(entry.pagePath, entry.question);
      if (!after.has(key)) return [entry];
      const row = after.get(key)!;
      return row ? [{ ...entry, row }] : [];
    });
    for (const [key, row] of after)
      if (row && !known.has(key)) {
        const { pagePath, question } = questions.get(key)!;
        next.push({ pagePath, question, row });
      }
    return next;
  };
  return { ...view, answers: placed(view.answers, answers), drafts: placed(view.drafts, drafts) };
}

const noDrafts = async () => ({});

async function readView(database: ViewDatabase, path: string, viewerId: string | null): Promise<View | null> {
  const cache = structureCacheOf(database);
  // Taken before the read: a concurrent request may replace the copy while this one waits.
  const held = cache.versionOf(path);
  const heldStructure = cache.get(path);
  // The structure's subqueries run only when `changed`: a hit reads the version and the viewer's rows.
  const { rows } = await sql<ViewRow>`
    with v as (
      select coalesce((select position from structure_versions where name = 'modules'), 0)::text as version),
    c as (select version, version is distinct from ${held}::text as changed from v),
    m as (select * from module_summaries where path = ${path})
    select c.version, c.changed,
      case when c.changed then (select row_to_json(m) from m) end as module,
      case when c.changed then (select coalesce(json_agg(o.user_id order by o.user_id), '[]')
        from module_owners o where o.module_id = (select module_id::text from m)) end as owners,
      case when c.changed then (select coalesce(json_agg(p order by p.position, p.path), '[]')
        from page_summaries p where p.module_path = ${path}) end as pages,
      (select coalesce(json_agg(a order by a.page_path, a.question), '[]')
        from result_answers a where a.user_id = ${viewerId} and a.module_id = (select module_id from m)) as answers,
      (select coalesce(json_agg(json_build_object('page_path', d.page_path, 'question', d.question,
          'page_id', d.page_id, 'answer', d.answer, 'updated_at', d.updated_at)), '[]')
        from result_drafts d where d.user_id = ${viewerId} and d.module_id = (select module_id from m)) as drafts,
      (select coalesce(json_agg(distinct e.data->>'pageId'), '[]') from events e
        where e.stream = ${viewerId ? trackingStream(viewerId) : ''} and e.type = 'PageSeen'
          and e.data->>'moduleId' = (select module_id::text from m)) as seen
    from c`.execute(database.db);
  const row = rows[0]!;
  let structure: ModuleStructure | null | undefined;
  if (row.changed) {
    structure = row.module ? structureOf(row.module, row.owners ?? [], row.pages ?? []) : null;
    cache.set(row.version, path, structure);
  } else structure = heldStructure;
  if (!structure) return null;
  return {
    ...structure,
    moduleId: structure.summary.moduleId,
    answers: row.answers.map((answer) => ({
      pagePath: answer.page_path,
      question: answer.question,
      row: answerRowOf(answer),
    })),
    seen: new Set(row.seen),
    drafts: row.drafts.map((draft) => ({
      pagePath: draft.page_path,
      question: draft.question,
      row: {
        pageId: draft.page_id,
        answer: draft.answer,
        updatedAt: new Date(draft.updated_at).toISOString(),
      },
    })),
  };
}

function structureOf(
  module: NonNullable<ViewRow['module']>,
  owners: string[],
  pages: NonNullable<ViewRow['pages']>,
): ModuleStructure {
  const pageSummaries = pages.map(toPageSummary);
  return {
    summary: toModuleSummary({
      ...module,
      page_count: pageSummaries.length,
      estimated_time: pageSummaries.reduce((sum, page) => sum + page.estimatedTime, 0),
    }),
    owners,
    pages: pageSummaries,
  };
}
