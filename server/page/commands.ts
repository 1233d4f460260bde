import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { invalid, notFound, unauthenticated } from '../../events/errors';
import { type createPageSchema, type PageCommand, pageInputSchema } from '../../events/page/commands';
import { pageDecider } from '../../events/page/decider';
import { type PageDetails, pageStream } from '../../events/page/events';
import { type Actor, requireCan } from '../../events/permissions';
import { ownersOfModule } from '../../projections/module/module-owners';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { findPageByPath, pagePathsStartingWith } from '../../projections/page/page-summaries';
import { derivedFrom, freePath, typedOrFromName, type WantedPath } from '../content/free-path';
import type { Platform } from '../platform';

/** The suffix of a duplicated page's name (language-neutral: the name is data). */
const COPY_SUFFIX = ' (copy)';

async function parentModule(platform: Platform, modulePath: string) {
  const moduleId = await moduleIdByPath(platform.database.db, modulePath);
  if (!moduleId) throw notFound('module.notFound');
  // A module's owners look after its pages too.
  return { moduleId, owners: await ownersOfModule(platform.database.db, moduleId) };
}

/**
 * A page is a child of its module: adding one (new or a duplicate) needs the edit right or owning
 * the module, as changing the module does (the one ownership rule). The create right
 * alone makes new modules, never pages inside someone else's.
 */
function requireMayAddPages(actor: Actor | null, owners: string[]) {
  requireCan(actor, 'edit', { owners });
}

/** Writes a new page at the end of a module; the caller has checked the rights. Answers its path. */
export async function createPageIn(
  platform: Platform,
  meta: CommandMeta,
  input: { wantedPath: WantedPath; parentPath: string; details: PageDetails },
): Promise<string> {
  const pageId = uuidv7();
  const outcome = await execute(platform.pipeline, {
    decider: pageDecider,
    stream: pageStream(pageId),
    meta,
    authorize: () => {},
    command: async (_state, trx): Promise<PageCommand> => ({
      type: 'CreatePage',
      data: {
        pageId,
        path: await freePath(trx, 'page', input.wantedPath, pagePathsStartingWith),
        parentPath: input.parentPath,
        details: input.details,
      },
    }),
  });
  return outcome.events[0]!.data.path as string;
}

export async function createPage(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof createPageSchema>,
): Promise<string> {
  if (!actor) throw unauthenticated();
  const { owners } = await parentModule(platform, input.parentPath);
  requireMayAddPages(actor, owners);
  return createPageIn(platform, meta, {
    wantedPath: typedOrFromName(input.path, input.page.name),
    parentPath: input.parentPath,
    details: input.page,
  });
}

async function existingPage(platform: Platform, path: string) {
  const page = await findPageByPath(platform.database.db, path);
  if (!page) throw notFound('page.notFound');
  return page;
}

function changePage(action: 'edit' | 'delete', command: PageCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const page = await existingPage(platform, path);
    const { owners } = await parentModule(platform, page.parentPath);
    await execute(platform.pipeline, {
      decider: pageDecider,
      stream: pageStream(page.pageId),
      meta,
      authorize: () => requireCan(actor, action, { owners }),
      command: () => command,
    });
  };
}

export const deletePage = changePage('delete', { type: 'DeletePage' });

/**
 * Changes the page form's fields `page` names (tRPC sends them all, GraphQL those it changes): the
 * others keep their stored value, merged with the page's stream inside the transaction and validated
 * whole. A page stays in its module: a `parentPath` given must be its own.
 */
export async function updatePage(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; page: Partial<z.input<typeof pageInputSchema>>; parentPath?: unknown },
) {
  const page = await existingPage(platform, input.path);
  const { owners } = await parentModule(platform, page.parentPath);
  await execute(platform.pipeline, {
    decider: pageDecider,
    stream: pageStream(page.pageId),
    meta,
    authorize: () => requireCan(actor, 'edit', { owners }),
    command: (state): PageCommand => {
      if (state.status === 'absent') throw notFound('page.notFound');
      if (input.parentPath !== undefined && input.parentPath !== state.parentPath)
        throw invalid('errors.invalidInput');
      return {
        type: 'UpdatePage',
        data: { details: pageInputSchema.parse({ ...state.details, ...input.page }) },
      };
    },
  });
}

/** A copy of one page, named "<name> (copy)", at the end of the same module. Answers its path. */
export async function duplicatePage(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  path: string,
): Promise<string> {
  if (!actor) throw unauthenticated();
  const page = await existingPage(platform, path);
  const { owners } = await parentModule(platform, page.parentPath);
  requireMayAddPages(actor, owners);
  return createPageIn(platform, meta, {
    wantedPath: derivedFrom(page.path),
    parentPath: page.parentPath,
    details: {
      name: `${page.name.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
      type: page.type,
      content: page.content,
      interactiveVideo: page.interactiveVideo,
      estimatedTime: page.estimatedTime,
    },
  });
}
