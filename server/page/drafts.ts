import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { notFound, unauthenticated } from '../../events/errors';
import { type PageCommand, pageInputSchema } from '../../events/page/commands';
import { pageDecider } from '../../events/page/decider';
import { pageStream } from '../../events/page/events';
import { type Actor, requireCan } from '../../events/permissions';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { draftOfPage, type PageDraft, pagesWithDraftsIn } from '../../projections/page/page-drafts';
import { findPageByPath } from '../../projections/page/page-summaries';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';

/**
 * Drafts of live pages (docs/adr/0019-drafts-of-live-content.md): the author's changes kept beside
 * the page learners see, until published or discarded. Keeping, reading, publishing and discarding
 * a draft all need what editing the page needs: the edit right or owning its module.
 */
async function pageWithOwners(db: Db, path: string) {
  const page = await findPageByPath(db, path);
  if (!page) throw notFound('page.notFound');
  const module = await findModuleByPath(db, page.parentPath);
  if (!module) throw notFound('page.notFound');
  return { page, module, owners: await ownersOfModule(db, module.moduleId) };
}

/** Saves the page form as the page's draft: learners keep seeing the live page. */
export async function savePageDraft(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; page: z.input<typeof pageInputSchema> },
) {
  const { page, owners } = await pageWithOwners(platform.database.db, input.path);
  await execute(platform.pipeline, {
    decider: pageDecider,
    stream: pageStream(page.pageId),
    meta,
    authorize: () => requireCan(actor, 'edit', { owners }),
    command: (): PageCommand => ({
      type: 'SavePageDraft',
      data: { details: pageInputSchema.parse(input.page) },
    }),
  });
}

function draftCommand(command: PageCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const { page, owners } = await pageWithOwners(platform.database.db, path);
    await execute(platform.pipeline, {
      decider: pageDecider,
      stream: pageStream(page.pageId),
      meta,
      authorize: () => requireCan(actor, 'edit', { owners }),
      command: () => command,
    });
  };
}

/** The draft becomes the page learners see. */
export const publishPageChanges = draftCommand({ type: 'PublishPageChanges' });
export const discardPageDraft = draftCommand({ type: 'DiscardPageDraft' });

export interface PageDraftState {
  /** Learners can see the page (its module is published): the editor saves to a draft. */
  live: boolean;
  draft: PageDraft | null;
}

/** Whether the page is live and its draft, answer key included: for those who may edit the page. */
export async function pageDraftState(db: Db, actor: Actor | null, path: string): Promise<PageDraftState> {
  if (!actor) throw unauthenticated();
  const { page, module, owners } = await pageWithOwners(db, path);
  requireCan(actor, 'edit', { owners });
  return { live: module.published, draft: await draftOfPage(db, page.pageId) };
}

/** The paths of a module's pages that have a draft: for who may edit the module's pages. */
export async function moduleDraftPages(db: Db, actor: Actor | null, modulePath: string): Promise<string[]> {
  if (!actor) throw unauthenticated();
  const module = await findModuleByPath(db, modulePath);
  if (!module) throw notFound('module.notFound');
  requireCan(actor, 'edit', { owners: await ownersOfModule(db, module.moduleId) });
  return pagesWithDraftsIn(db, modulePath);
}
