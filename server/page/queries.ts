import { DomainError, notFound } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import type { AnyDb } from '../../projections/db';
import { findPageByPath, type PageSummary, pagesOfModule } from '../../projections/page/page-summaries';
import { visibleModule } from '../module/queries';

// The read rules for pages, shared by tRPC (`page.listByModule`, `page.byPath`) and GraphQL: a
// page is visible exactly when its module is (see `visibleModule`).

/** A module's pages in order, if this actor may see the module; otherwise NotFound. */
export async function visiblePagesOfModule(
  db: AnyDb,
  actor: Actor | null,
  modulePath: string,
): Promise<PageSummary[]> {
  await visibleModule(db, actor, modulePath);
  return pagesOfModule(db, modulePath);
}

export interface PageDetail {
  pageId: string;
  path: string;
  name: string;
  type: PageSummary['type'];
  content: PageSummary['content'];
  interactiveVideo: PageSummary['interactiveVideo'];
  estimatedTime: number;
  parentPath: string;
  position: number;
  updatedAt: string;
}

/** One page by path, if this actor may see its module; otherwise (or when absent) NotFound. */
export async function visiblePage(db: AnyDb, actor: Actor | null, path: string): Promise<PageDetail> {
  const page = await findPageByPath(db, path);
  if (!page) throw notFound('page.notFound');
  try {
    await visibleModule(db, actor, page.parentPath);
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
    content,
    interactiveVideo,
    estimatedTime,
    parentPath,
    position,
    updatedAt,
  };
}
