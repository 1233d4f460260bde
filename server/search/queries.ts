import type { Actor } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import {
  type SearchHit,
  type SearchKind,
  searchHits,
  snippetsOf,
} from '../../projections/search/search-items';
import { type SnippetPart, snippetParts } from '../../projections/search/searchable-text';
import { courseFactsFrom, keepVisibleCourses } from '../course/queries';
import type { Db } from '../db/tables';
import { keepVisibleModules, moduleFactsFrom, modulesByPaths } from '../module/queries';
import { maySeeAnswerKey } from '../page/queries';
import { learnerState } from '../result/queries';

export interface SearchInput {
  q: string;
  limit: number;
  /** The reader's language: items in it come first. */
  language: Language;
}

export interface SearchResult {
  kind: SearchKind;
  name: string;
  /** The route that opens it. */
  path: string;
  language: Language;
  /** The passage around the words, its matches marked. */
  snippet: SnippetPart[];
  /** A page's module, by name. */
  moduleName: string | null;
}

/**
 * How many of the best hits are weighed before the reader's rights: beyond it a search reads no
 * further, so a reader who may open few of many matching items can see fewer than `limit`.
 */
const CANDIDATES = 200;

/**
 * The items holding the words of `q` that this actor may open, best first (tRPC `search.query`).
 * Each kind keeps exactly what opening it allows, by the rules the item's own views apply: a course
 * by `keepVisibleCourses`; a module, and a page through its module, by `keepVisibleModules` (the
 * module rule, `moduleAccessWith`, that opening it and the module lists apply: the teachers of a
 * course that lists it open it too); a page behind a gate the reader has not passed, or whose name a
 * test hides from them, not at all. Snippets come from what a reader of the live item sees (the projection
 * indexes no draft and no answer key).
 */
export async function search(db: Db, actor: Actor, input: SearchInput): Promise<SearchResult[]> {
  const hits = await searchHits(db, input.q, input.language, CANDIDATES);
  const coursePaths = hits.filter((hit) => hit.kind === 'course').map((hit) => hit.path);
  const courses =
    coursePaths.length === 0
      ? []
      : await db
          .selectFrom('course_summaries')
          .select(['course_id as courseId', 'path', 'published', 'public'])
          .where('path', 'in', coursePaths)
          .execute();
  const openCourses = new Set(
    (await keepVisibleCourses(actor, courses, await courseFactsFrom(db, actor, courses))).map(
      (course) => course.path,
    ),
  );

  const modulePaths = hits.flatMap((hit) =>
    hit.kind === 'module' ? [hit.path] : hit.kind === 'page' && hit.modulePath ? [hit.modulePath] : [],
  );
  const modules = [...(await modulesByPaths(db, modulePaths)).values()];
  const facts = await moduleFactsFrom(db, actor, modules);
  const openModules = new Map(
    (await keepVisibleModules(actor, modules, facts)).map((module) => [module.path, module]),
  );

  // A gated or name-hiding module decides per reader which of its pages they may open now.
  const openPages = new Map<string, ReadonlySet<string>>();
  for (const module of openModules.values()) {
    const narrows = module.gateProgress || (module.test && module.anonymousPages);
    const pageHit = hits.some((hit) => hit.kind === 'page' && hit.modulePath === module.path);
    if (!narrows || !pageHit || maySeeAnswerKey(actor, await facts.owners(module))) continue;
    const { progress } = await learnerState(db, actor, module.path);
    openPages.set(
      module.path,
      new Set(progress.filter((page) => page.reachable && page.name !== null).map((page) => page.path)),
    );
  }

  const mayOpen = (hit: SearchHit): boolean => {
    switch (hit.kind) {
      case 'course':
        return openCourses.has(hit.path);
      case 'module':
        return openModules.has(hit.path);
      case 'page': {
        if (!hit.modulePath || !openModules.has(hit.modulePath)) return false;
        const open = openPages.get(hit.modulePath);
        return open === undefined || open.has(hit.path);
      }
    }
  };
  const kept = hits.filter(mayOpen).slice(0, input.limit);
  const snippets = await snippetsOf(
    db,
    kept.map((hit) => hit.itemId),
    input.q,
  );
  return kept.map((hit) => ({
    kind: hit.kind,
    name: hit.name,
    path: routeOf(hit),
    language: hit.language,
    snippet: snippetParts(snippets.get(hit.itemId) ?? ''),
    moduleName: hit.modulePath ? (openModules.get(hit.modulePath)?.name ?? null) : null,
  }));
}

/** The client's route to an item. */
function routeOf(hit: SearchHit): string {
  switch (hit.kind) {
    case 'course':
      return `/course/${hit.path}`;
    case 'module':
      return `/module/${hit.path}`;
    case 'page':
      return `/module/${hit.modulePath}/page/${hit.path}`;
  }
}
