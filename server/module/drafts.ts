import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { notFound, unauthenticated } from '../../events/errors';
import { type ModuleCommand, moduleInputSchema, type updateModuleSchema } from '../../events/module/commands';
import { moduleDecider } from '../../events/module/decider';
import { moduleStream } from '../../events/module/events';
import { type Actor, requireCan } from '../../events/permissions';
import { draftOfModule, type ModuleDraft } from '../../projections/module/module-drafts';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath } from '../../projections/module/module-summaries';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';

/**
 * Drafts of a published module's settings (docs/adr/0019-drafts-of-live-content.md), kept beside the
 * settings learners see until published or discarded. Every step needs what editing the module
 * needs: the edit right or owning it.
 */
async function moduleWithOwners(db: Db, path: string) {
  const module = await findModuleByPath(db, path);
  if (!module) throw notFound('module.notFound');
  return { module, owners: await ownersOfModule(db, module.moduleId) };
}

/** Saves the module form as the module's draft: learners keep the live settings. */
export async function saveModuleDraft(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof updateModuleSchema>,
) {
  const { module, owners } = await moduleWithOwners(platform.database.db, input.path);
  await execute(platform.pipeline, {
    decider: moduleDecider,
    stream: moduleStream(module.moduleId),
    meta,
    authorize: () => requireCan(actor, 'edit', { owners }),
    command: (state): ModuleCommand => {
      if (state.status === 'absent') throw notFound('module.notFound');
      // Fields the form does not carry (the original of a translation) keep their value.
      const details = moduleInputSchema.parse({ ...state.details, ...input.module });
      return { type: 'SaveModuleDraft', data: { details } };
    },
  });
}

function draftCommand(command: ModuleCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const { module, owners } = await moduleWithOwners(platform.database.db, path);
    await execute(platform.pipeline, {
      decider: moduleDecider,
      stream: moduleStream(module.moduleId),
      meta,
      authorize: () => requireCan(actor, 'edit', { owners }),
      command: () => command,
    });
  };
}

/** The draft becomes the module's settings learners see. */
export const publishModuleChanges = draftCommand({ type: 'PublishModuleChanges' });
export const discardModuleDraft = draftCommand({ type: 'DiscardModuleDraft' });

export interface ModuleDraftState {
  /** Learners can see the module (it is published): its form saves to a draft. */
  live: boolean;
  draft: ModuleDraft | null;
}

/** Whether the module is live and its settings' draft: for those who may edit it. */
export async function moduleDraftState(db: Db, actor: Actor | null, path: string): Promise<ModuleDraftState> {
  if (!actor) throw unauthenticated();
  const { module, owners } = await moduleWithOwners(db, path);
  requireCan(actor, 'edit', { owners });
  return { live: module.published, draft: await draftOfModule(db, module.moduleId) };
}
