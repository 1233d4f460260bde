import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { invalid, notFound } from '../../events/errors';
import { requireOtherOwner } from '../../events/escalation';
import { type createModuleSchema, type ModuleCommand, moduleInputSchema } from '../../events/module/commands';
import { type ModuleState, moduleDecider } from '../../events/module/decider';
import { type ModuleDetails, moduleStream } from '../../events/module/events';
import { type Actor, requireCan } from '../../events/permissions';
import { type Language, slugify } from '../../events/shared/fields';
import {
  type findModuleByPath,
  moduleIdByPath,
  modulePathsStartingWith,
} from '../../projections/module/module-summaries';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { findUserById } from '../../projections/user/users';
import { derivedFrom, freePath, typedOrFromName, type WantedPath } from '../content/free-path';
import { createPageIn } from '../page/commands';
import { contentForCopy } from '../page/queries';
import type { Platform } from '../platform';
import { visibleModule } from './queries';

type ModuleInput = z.output<typeof moduleInputSchema>;

/** The suffix of a duplicate's name; language-neutral, the name is data, not interface text. */
const COPY_SUFFIX = ' (copy)';
const NAME_MAX = 200;

/** Appends a suffix to a name, shortening the name so the result still fits the 200 characters. */
const withSuffix = (name: string, suffix: string) => `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;

async function existingModuleId(platform: Platform, path: string): Promise<string> {
  const moduleId = await moduleIdByPath(platform.database.db, path);
  if (!moduleId) throw notFound('module.notFound');
  return moduleId;
}

const ownersOf = (state: ModuleState) => ({ owners: state.status === 'absent' ? [] : state.owners });
const ownerIdOf = (actor: Actor | null) => (actor?.userId && actor.userId !== 'system' ? actor.userId : null);

/**
 * Writes a new module (its creator owns it), published unless `published` is false; the caller has
 * checked the create right.
 */
async function writeModule(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  wantedPath: WantedPath,
  details: ModuleDetails,
  published?: boolean,
): Promise<string> {
  const moduleId = uuidv7();
  const outcome = await execute(platform.pipeline, {
    decider: moduleDecider,
    stream: moduleStream(moduleId),
    meta,
    authorize: () => {},
    command: async (_state, trx): Promise<ModuleCommand> => ({
      type: 'CreateModule',
      data: {
        moduleId,
        path: await freePath(trx, 'module', wantedPath, modulePathsStartingWith),
        details,
        ownerId: ownerIdOf(actor),
        published,
      },
    }),
  });
  return outcome.events[0]!.data.path as string;
}

export function createModule(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof createModuleSchema>,
): Promise<string> {
  requireCan(actor, 'create');
  const wanted = typedOrFromName(input.path, input.module.name);
  return writeModule(platform, actor, meta, wanted, input.module, input.published);
}

function changeModule(action: 'edit' | 'delete', command: ModuleCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const moduleId = await existingModuleId(platform, path);
    await execute(platform.pipeline, {
      decider: moduleDecider,
      stream: moduleStream(moduleId),
      meta,
      authorize: (state) => requireCan(actor, action, ownersOf(state)),
      command: () => command,
    });
  };
}

export const publishModule = changeModule('edit', { type: 'PublishModule' });
export const unpublishModule = changeModule('edit', { type: 'UnpublishModule' });
export const deleteModule = changeModule('delete', { type: 'DeleteModule' });

/**
 * Changes a module in one command: the form fields `module` names over the stored ones (the admin
 * form sends them all, GraphQL only those that change), validated together against the state the
 * decision starts from, and with `published` its publication in the same batch of events.
 */
export async function updateModule(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; module?: Record<string, unknown>; published?: boolean },
) {
  const changes = input.module ?? {};
  if (Object.keys(changes).length === 0 && input.published === undefined)
    throw invalid('errors.invalidInput');
  const moduleId = await existingModuleId(platform, input.path);
  await execute(platform.pipeline, {
    decider: moduleDecider,
    stream: moduleStream(moduleId),
    meta,
    authorize: (state) => requireCan(actor, 'edit', ownersOf(state)),
    command: (state): ModuleCommand => {
      if (state.status === 'absent') throw notFound('module.notFound');
      if (Object.keys(changes).length === 0)
        return { type: input.published ? 'PublishModule' : 'UnpublishModule' };
      const details = moduleInputSchema.parse({ ...state.details, ...changes });
      return { type: 'UpdateModule', data: { details, published: input.published } };
    },
  });
}

/**
 * Links (or unlinks) a teacher as owner; only holders of assign_owners may
 * (docs/guide/users-and-roles.md#roles-what-each-action-reaches), and never about themselves unless
 * they are an administrator.
 */
async function changeOwner(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; userId: string },
  type: 'AddModuleOwner' | 'RemoveModuleOwner',
) {
  requireCan(actor, 'assign_owners');
  requireOtherOwner(actor, input.userId);
  const moduleId = await existingModuleId(platform, input.path);
  if (type === 'AddModuleOwner' && !(await findUserById(platform.database.db, input.userId))) {
    throw notFound('user.notFound');
  }
  await execute(platform.pipeline, {
    decider: moduleDecider,
    stream: moduleStream(moduleId),
    meta,
    authorize: () => {},
    command: (): ModuleCommand => ({ type, data: { userId: input.userId } }),
  });
}

export const addModuleOwner = (
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; userId: string },
) => changeOwner(platform, actor, meta, input, 'AddModuleOwner');

export const removeModuleOwner = (
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; userId: string },
) => changeOwner(platform, actor, meta, input, 'RemoveModuleOwner');

/** Saves the module's page order as the full list of its page paths (docs/guide/building-a-course.md). */
export async function orderPages(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; pages: string[] },
) {
  const moduleId = await existingModuleId(platform, input.path);
  const current = (await pagesOfModule(platform.database.db, input.path)).map((page) => page.path);
  const wanted = new Set(input.pages);
  const same =
    current.length === input.pages.length &&
    wanted.size === input.pages.length &&
    current.every((path) => wanted.has(path));
  if (!same) throw invalid('module.orderMismatch', [{ path: 'pages', key: 'module.orderMismatch' }]);
  await execute(platform.pipeline, {
    decider: moduleDecider,
    stream: moduleStream(moduleId),
    meta,
    authorize: (state) => requireCan(actor, 'edit', ownersOf(state)),
    command: (): ModuleCommand => ({ type: 'OrderPages', data: { pages: input.pages } }),
  });
}

/** A stored module's form values (for copies). */
const moduleDetailsOf = (
  module: NonNullable<Awaited<ReturnType<typeof findModuleByPath>>>,
): ModuleDetails => ({
  name: module.name,
  language: module.language,
  info: module.info,
  originId: module.originId,
  public: module.public,
  onHome: module.onHome,
  showCorrect: module.showCorrect,
  test: module.test,
  anonymousPages: module.anonymousPages,
  randomized: module.randomized,
  gateProgress: module.gateProgress,
  gateConfig: module.gateConfig,
  image: module.image,
  checkReveals: module.checkReveals,
});

/**
 * Recreates the pages of `from`, in order, at the end of `toPath`, renaming each page. The answer
 * key comes along only for a copier who may read it (`contentForCopy`).
 */
async function copyPages(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  from: { path: string; owners: readonly string[] },
  toPath: string,
  rename: (name: string) => string,
) {
  for (const page of await pagesOfModule(platform.database.db, from.path)) {
    await createPageIn(platform, meta, {
      wantedPath: derivedFrom(page.path),
      parentPath: toPath,
      details: {
        name: rename(page.name),
        type: page.type,
        content: contentForCopy(actor, from.owners, page.content),
        interactiveVideo: page.interactiveVideo,
        estimatedTime: page.estimatedTime,
      },
    });
  }
}

/**
 * The original of a copy (duplicate or translation): the create right, and the module must open for
 * this actor exactly as `module.byPath` would (the one ownership rule); a module they may
 * not open reads as missing, as it does there.
 */
async function originalForCopy(platform: Platform, actor: Actor | null, path: string) {
  requireCan(actor, 'create');
  return visibleModule(platform.database.db, actor, path);
}

/**
 * A copy of the module with every detail, named "<name> (copy)", unpublished, and its pages recreated
 * in order. Requires the create right and opening the original. Answers the copy's path.
 */
export async function duplicateModule(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  path: string,
): Promise<string> {
  const original = await originalForCopy(platform, actor, path);
  // A copy starts its own translation group: it is not a translation of anything.
  const details = {
    ...moduleDetailsOf(original),
    originId: null,
    name: withSuffix(original.name, COPY_SUFFIX),
  };
  const copyPath = await writeModule(platform, actor, meta, derivedFrom(original.path), details, false);
  await copyPages(platform, actor, meta, original, copyPath, (name) => name);
  return copyPath;
}

/**
 * A translation (docs/guide/building-a-course.md#duplicate-and-translate): a new module from the
 * form the client prefilled, whose originId points to the root of the original's translation group;
 * every page of the original is recreated with the language appended to its name, e.g. "Intro (fr)".
 * Unpublished until its author publishes it. Requires what a copy requires.
 * Answers the translation's path.
 */
export async function translateModule(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; module: ModuleInput },
): Promise<string> {
  const original = await originalForCopy(platform, actor, input.path);
  const details = { ...input.module, originId: original.originId ?? original.moduleId };
  const translationPath = await writeModule(
    platform,
    actor,
    meta,
    derivedFrom(slugify(details.name)),
    details,
    false,
  );
  const suffix = ` (${details.language})`;
  await copyPages(platform, actor, meta, original, translationPath, (name) => withSuffix(name, suffix));
  return translationPath;
}

/**
 * A translation of the module into `language` from its own details, as a course's translation
 * carries its modules: named "<name> (<language>)", unpublished, its pages renamed likewise; the
 * author translates the texts afterwards. Requires what `translateModule` requires.
 */
export async function translateModuleInto(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  path: string,
  language: Language,
): Promise<string> {
  const original = await originalForCopy(platform, actor, path);
  const module = {
    ...moduleDetailsOf(original),
    name: withSuffix(original.name, ` (${language})`),
    language,
  };
  return translateModule(platform, actor, meta, { path, module });
}
