import { DomainError, forbidden, notFound, unauthenticated } from '../../events/errors';
import { type Element, isQuestion, type PublicElement, withoutAnswerKey } from '../../events/page/content';
import { type Actor, can } from '../../events/permissions';
import { findPageByPath, type PageSummary, pagesOfModule } from '../../projections/page/page-summaries';
import type { Db } from '../db/tables';
import { visibleModule } from '../module/queries';

// The read rules for pages, shared by tRPC (`page.listByModule`, `page.byPath`) and GraphQL: a
// page is visible exactly when its module is (see `visibleModule`).

/** A module's pages in order, if this actor may see the module; otherwise NotFound. */
export async function visiblePagesOfModule(
  db: Db,
  actor: Actor | null,
  modulePath: string,
): Promise<(Omit<PageSummary, 'content'> & { content: PublicElement[] })[]> {
  const module = await visibleModule(db, actor, modulePath);
  const pages = await pagesOfModule(db, modulePath);
  // Scores reveal the correct answers: only those who edit the module receive them.
  if (maySeeAnswerKey(actor, module.owners)) return pages;
  return pages.map((page) => ({ ...page, content: withoutAnswerKey(page.content) }));
}

/** Editors of a module (the view or edit right, or owning it) see the scores of its answer options. */
export const maySeeAnswerKey = (actor: Actor | null, owners: readonly string[]): boolean =>
  can(actor, 'view') || can(actor, 'edit') || (actor !== null && owners.includes(actor.userId));

/** The elements with every option's score 0: the questions without their answer key. */
const withoutScores = (elements: Element[]): Element[] =>
  elements.map((element) =>
    isQuestion(element)
      ? { ...element, options: element.options.map((option) => ({ ...option, score: 0 })) }
      : element,
  );

/**
 * A page's content as a copy (duplicate, translation) may carry it for this actor: whole for who
 * may read the module's answer key, otherwise with every option's score set to 0, so a copy never
 * hands the key to someone who could not read it (docs/guide/users-and-roles.md, Copies).
 */
export const contentForCopy = (
  actor: Actor | null,
  owners: readonly string[],
  content: Element[],
): Element[] => (maySeeAnswerKey(actor, owners) ? content : withoutScores(content));

export interface PageDetail {
  pageId: string;
  path: string;
  name: string;
  type: PageSummary['type'];
  content: PublicElement[];
  interactiveVideo: PageSummary['interactiveVideo'];
  estimatedTime: number;
  parentPath: string;
  position: number;
  updatedAt: string;
}

/** One page by path, if this actor may see its module; otherwise (or when absent) NotFound. */
export async function visiblePage(db: Db, actor: Actor | null, path: string): Promise<PageDetail> {
  const page = await findPageByPath(db, path);
  if (!page) throw notFound('page.notFound');
  let module: Awaited<ReturnType<typeof visibleModule>>;
  try {
    module = await visibleModule(db, actor, page.parentPath);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') throw notFound('page.notFound');
    throw error;
  }
  const { pageId, name, type, content, interactiveVideo, estimatedTime, parentPath, position, updatedAt } =
    page;
  return {
    pageId,
    path,
    name,
    type,
    // Scores reveal the correct answers: only those who edit the module receive them.
    content: maySeeAnswerKey(actor, module.owners) ? content : withoutAnswerKey(content),
    interactiveVideo,
    estimatedTime,
    parentPath,
    position,
    updatedAt,
  };
}

/** A page with its answer key, for those who edit its module (the admin editor); else Forbidden. */
export async function editablePage(
  db: Db,
  actor: Actor | null,
  path: string,
): Promise<Omit<PageDetail, 'content'> & { content: Element[] }> {
  const page = await findPageByPath(db, path);
  if (!page) throw notFound('page.notFound');
  const module = await visibleModule(db, actor, page.parentPath);
  if (!maySeeAnswerKey(actor, module.owners)) throw actor ? forbidden() : unauthenticated();
  const { pageId, name, type, content, interactiveVideo, estimatedTime, parentPath, position, updatedAt } =
    page;
  return {
    pageId,
    path,
    name,
    type,
    content,
    interactiveVideo,
    estimatedTime,
    parentPath,
    position,
    updatedAt,
  };
}
