import { sql } from 'kysely';
import type { AnswerValue } from '../../events/result/answers';
import type { AnyDb } from '../../projections/db';
import { type ModuleRowWithTotals, toModuleSummary } from '../../projections/module/module-summaries';
import { type PageSummary, toPageSummary } from '../../projections/page/page-summaries';
import { type StoredAnswer, toAnswer } from '../../projections/result/module-results';
import { databaseSources, type LearnerSources } from './queries';

type ViewRow = Omit<ModuleRowWithTotals, 'page_count' | 'estimated_time'> & {
  owners: string[];
  pages: Parameters<typeof toPageSummary>[0][];
  answers: Parameters<typeof toAnswer>[0][];
  drafts: { page_path: string; question: string; answer: AnswerValue | null }[];
};

interface View {
  moduleId: string;
  summary: ReturnType<typeof toModuleSummary>;
  owners: string[];
  pages: PageSummary[];
  answers: StoredAnswer[];
  drafts: ViewRow['drafts'];
}

/**
 * What a learner's page view reads, in one statement (issue #20): the module, its owners and pages,
 * and the viewer's answers and drafts in it. `result.module` and `result.page` come in one batch and
 * share these sources through the request, so the page view reads the database once; the links are
 * read only for a module that is not public (moduleAccessWith asks for them then). For reads only:
 * nothing here is read again after a write.
 */
export function learnerViewSources(db: AnyDb, viewerId: string | null): LearnerSources {
  const base = databaseSources(db);
  const views = new Map<string, Promise<View | null>>();
  const byId = new Map<string, View>();
  const viewOf = (path: string) => {
    if (!views.has(path)) views.set(path, readView(db, path, viewerId));
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
  };
}

const noDrafts = async () => ({});

async function readView(db: AnyDb, path: string, viewerId: string | null) {
  const { rows } = await sql<ViewRow>`
    select m.*,
      (select coalesce(json_agg(o.user_id order by o.user_id), '[]')
        from module_owners o where o.module_id = m.module_id::text) as owners,
      (select coalesce(json_agg(p order by p.position, p.path), '[]')
        from page_summaries p where p.module_path = m.path) as pages,
      (select coalesce(json_agg(a order by a.page_path, a.question), '[]')
        from result_answers a where a.user_id = ${viewerId} and a.module_id = m.module_id) as answers,
      (select coalesce(json_agg(json_build_object('page_path', d.page_path, 'question', d.question,
          'answer', d.answer)), '[]')
        from result_drafts d where d.user_id = ${viewerId} and d.module_id = m.module_id) as drafts
    from module_summaries m where m.path = ${path}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const { owners, pages, answers, drafts, ...module } = row;
  const pageSummaries = pages.map(toPageSummary);
  return {
    moduleId: module.module_id,
    summary: toModuleSummary({
      ...module,
      page_count: pageSummaries.length,
      estimated_time: pageSummaries.reduce((sum, page) => sum + page.estimatedTime, 0),
    }),
    owners,
    pages: pageSummaries,
    answers: answers.map(toAnswer),
    drafts,
  };
}
