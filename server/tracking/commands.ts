import type { Transaction } from 'kysely';
import type { CommandMeta } from '../../events/command';
import { execute } from '../../events/command';
import { forbidden, unauthenticated } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import type {
  PageSeenInput,
  RecordPageSeen,
  TrackingCommand,
  TrackingInput,
} from '../../events/tracking/commands';
import { trackingDecider } from '../../events/tracking/decider';
import { trackingStream } from '../../events/tracking/events';
import { userAccess } from '../../projections/user/users';
import type { Database } from '../db';
import type { Platform } from '../platform';
import { learnerViewSources } from '../result/learner-view';
import { answerablePage } from '../result/queries';
import { requireTrackedItem } from './tracked-item';

/**
 * updateLog: the signed-in person saw an item
 * (docs/guide/results-and-scoring.md#tracking-what-participants-opened). People track themselves
 * only; a repeat view within a minute, or a lastSeen older than the last one, records nothing. An
 * item that does not exist, or that they may not open, is refused (NotFound) before anything is
 * written.
 */
export async function updateLog(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: TrackingInput,
): Promise<{ recorded: boolean }> {
  if (!actor) throw unauthenticated();
  if (input.user !== undefined && input.user !== actor.userId) throw forbidden();
  const userId = actor.userId;
  await requireTrackedItem(platform.database.db, actor, input.type, input.path);
  const outcome = await execute(platform.pipeline, {
    decider: trackingDecider,
    stream: trackingStream(userId),
    meta,
    authorize: () => {},
    command: async (_state, trx: Transaction<Database>): Promise<TrackingCommand> => {
      // Deleted meanwhile: nothing to track (and nothing the projection would keep).
      if (!(await userAccess(trx, userId))) throw unauthenticated();
      return {
        type: 'RecordSeen',
        data: {
          userId,
          category: input.type,
          path: input.path,
          at: input.lastSeen ?? meta.now.toISOString(),
          now: meta.now.toISOString(),
        },
      };
    },
  });
  return { recorded: outcome.events.length > 0 };
}

/**
 * tracking.pageSeen: the signed-in person has a module page in front of them. Refused as opening the
 * page is (`result.page`: not found, blocked, behind a closed gate), before anything is written. A
 * repeat within a minute records nothing, as for items.
 */
export async function recordPageSeen(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: PageSeenInput,
): Promise<{ recorded: boolean }> {
  if (!actor) throw unauthenticated();
  const userId = actor.userId;
  // The learner view's one read (module structure from this process's copy when current).
  const sources = learnerViewSources(platform.database, userId);
  const { module, page } = await answerablePage(
    platform.database.db,
    actor,
    input.module,
    input.page,
    sources,
  );
  const outcome = await execute(platform.pipeline, {
    decider: trackingDecider,
    stream: trackingStream(userId),
    meta,
    authorize: () => {},
    command: async (_state, trx: Transaction<Database>): Promise<RecordPageSeen> => {
      if (!(await userAccess(trx, userId))) throw unauthenticated();
      const now = meta.now.toISOString();
      return {
        type: 'RecordPageSeen',
        data: {
          userId,
          moduleId: module.moduleId,
          modulePath: module.path,
          pageId: page.pageId,
          pagePath: page.path,
          at: now,
          now,
        },
      };
    },
  });
  return { recorded: outcome.events.length > 0 };
}
