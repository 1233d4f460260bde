import type { Transaction } from 'kysely';
import { type CommandMeta, execute } from '../../events/command';
import type { UserCommand } from '../../events/user/commands';
import { type UserState, userDecider } from '../../events/user/decider';
import { userStream } from '../../events/user/events';
import type { Database } from '../db';
import type { Platform } from '../platform';

/** Runs one command on a user's stream; `before` does private-state work in the same transaction. */
export function executeUser(
  platform: Platform,
  meta: CommandMeta,
  userId: string,
  command: UserCommand,
  options: {
    authorize?: (state: UserState) => void;
    before?: (trx: Transaction<Database>, state: UserState) => Promise<void>;
  } = {},
) {
  return execute(platform.pipeline, {
    decider: userDecider,
    stream: userStream(userId),
    meta,
    authorize: options.authorize ?? (() => {}),
    command: async (state, trx) => {
      await options.before?.(trx, state);
      return command;
    },
  });
}

export const systemMeta = (requestId: string): CommandMeta => ({ actorId: null, requestId, now: new Date() });
