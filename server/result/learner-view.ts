import { sql } from 'kysely';
import type { AnswerValue } from '../../events/result/answers';
import type { DraftEvent, ResultEvent } from '../../events/result/events';
import type { StoredEvent } from '../../events/store';
import type { ModuleRowWithTotals } from '../../projections/module/module-summaries';
import { toModuleSummary } from '../../projections/module/module-summaries';
import { toPageSummary } from '../../projections/page/page-summaries';
import { type StoredAnswer, toAnswer } from '../../projections/result/module-results';
import type { DatabaseHandle } from '../db';
import { type ModuleStructure, structureCacheOf } from './module-structures';
import { databaseSources, type LearnerSources } from './queries';

type Draft = { page_path: string; question: string; answer: AnswerValue | null };

interface ViewRow {
  version: string;
  changed: boolean;
  module: Omit<ModuleRowWithTotals, 'page_count' | 'estimated_time'> | null;
  owners: string[] | null;
  pages: Parameters<typeof toPageSummary>[0][] | null;
  answers: Parameters<typeof toAnswer>[0][];
  drafts: Draft[];
}

interface View extends ModuleStructure {
  moduleId: string;
  answers: StoredAnswer[];
  drafts: Draft[];
}

type ViewDatabase = Pick<DatabaseHandle, 'db' | 'pglite' | 'target'>;

/**
 * What a learner's page view and save read, in one statement (issue #20): the viewer's answers and
 * drafts in the module and, only when this process's copy (module-structures.ts) is not that of the
 * database's structure version, the module, its owners and its pages. `result.module` and
 * `result.page` come in one batch and share these sources through the request, so the page view
 * reads the database once; the links are read only for a module that is not public
 * (moduleAccessWith asks for them then). The answers are read as they are when first asked: a save
 * answers the view it read before its write with its own events applied (`after`), so what another
 * writer changed in between (a teacher's score) shows at the learner's next read.
 */
export interface LearnerViewSources extends LearnerSources {
  /**
   * The same view once `events` (a save's, just committed) are applied to it in memory, as the
   * result projections apply them to their tables: the save answers its new state without reading
   * the viewer's answers again (issue #20).
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
    pages: async (modulePath) => (await viewOf(modulePath))?.pages ?? base.pages(modulePath),
    answers: async (userId, moduleId) => {
      const view = known(moduleId);
      return view && userId === viewerId ? view.answers : base.answers(userId, moduleId);
    },
    drafts: async (userId, moduleId, pagePath) => {
      const view = known(moduleId);
      if (!view || userId !== viewerId) return (base.drafts ?? noDrafts)(userId, moduleId, pagePath);
      return Object.fromEntries(
        view.drafts
          .filter((draft) => draft.page_path === pagePath)
          .map((draft) => [draft.question, draft.answer]),
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

type SavedData = Extract<ResultEvent, { type: 'AnswerSaved' }>['data'];
type DraftedData = DraftEvent['data'];

/**
 * AnswerSaved and AnswerDrafted of the viewer in this module, applied as module-results.ts and
 * result-drafts.ts apply them: an answer replaces the question's row unless that row already has as
 * many attempts, keeps the teacher's feedback, score time and extra attempts, and removes the draft;
 * a draft replaces the question's draft.
 */
function withEvents(view: View, viewerId: string | null, events: StoredEvent[]): View {
  const answers = [...view.answers];
  let drafts = [...view.drafts];
  for (const event of events) {
    const data = event.data as SavedData | DraftedData;
    if (data.userId !== viewerId || data.moduleId !== view.moduleId) continue;
    const same = (pagePath: string, question: string) =>
      pagePath === data.pagePath && question === data.question;
    if (event.type === 'AnswerDrafted') {
      drafts = drafts.filter((draft) => !same(draft.page_path, draft.question));
      drafts.push({ page_path: data.pagePath, question: data.question, answer: data.answer });
      continue;
    }
    if (event.type !== 'AnswerSaved') continue;
    const saved = data as SavedData;
    drafts = drafts.filter((draft) => !same(draft.page_path, draft.question));
    const index = answers.findIndex((answer) => same(answer.pagePath, answer.question));
    const earlier = index >= 0 ? answers[index]! : null;
    if (earlier && earlier.attempts >= saved.attempt) continue;
    const row: StoredAnswer = {
      pagePath: saved.pagePath,
      question: saved.question,
      questionType: saved.questionType,
      answer: saved.answer,
      attempts: saved.attempt,
      score: saved.score,
      maxScore: saved.maxScore,
      updatedAt: new Date(event.meta.at).toISOString(),
      feedback: earlier?.feedback ?? null,
      scoredBy: earlier?.scoredBy ?? null,
      scoredAt: earlier?.scoredAt ?? null,
      extraAttempts: earlier?.extraAttempts ?? 0,
    };
    if (earlier) answers[index] = row;
    else answers.push(row);
  }
  return { ...view, answers, drafts };
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
          'answer', d.answer)), '[]')
        from result_drafts d where d.user_id = ${viewerId} and d.module_id = (select module_id from m)) as drafts
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
    answers: row.answers.map(toAnswer),
    drafts: row.drafts,
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
