import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Decider } from '../events/decider';
import { forbidden } from '../events/errors';
import { pathSchema } from '../events/shared/fields';
import type { NewEvent, StoredEvent } from '../events/store';
import { historyOf, readable, stateAt } from './history';
import { mayReadHistory } from './rights/module-rights';
import { authenticatedProcedure, type Context } from './trpc';

const itemPath = z.object({ path: pathSchema });

/**
 * The `history` and `asOf` procedures of an item kind, the same for every router: its events made
 * readable, and its state at a moment (null before it existed), for holders of the view or edit
 * right and for the item's owners (`owners`, looked up by path; a missing item is its router's
 * not-found). `events` reads the item's stream by path; `shown` picks what the time travel answers
 * from a state that exists.
 */
export function historyProcedures<C, E extends NewEvent, S extends { status: string }, Shown>(options: {
  decider: Decider<C, E, S>;
  events: (ctx: Context, path: string) => Promise<StoredEvent[]>;
  shown: (state: Exclude<S, { status: 'absent' }>) => Shown;
  owners?: (ctx: Context, path: string) => Promise<readonly string[]>;
}) {
  const reader = authenticatedProcedure.use(async ({ ctx, getRawInput, next }) => {
    if (mayReadHistory(ctx.actor, [])) return next();
    const parsed = itemPath.safeParse(await getRawInput());
    // Unreadable input: the same 400 the input's own parser gives.
    if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    const { path } = parsed.data;
    const owners = options.owners ? await options.owners(ctx, path) : [];
    if (!mayReadHistory(ctx.actor, owners)) throw forbidden();
    return next();
  });
  return {
    /** The item's full change history: who changed what, when, from what to what. */
    history: reader
      .input(itemPath)
      .query(async ({ ctx, input }) =>
        readable(
          ctx.platform.database.db,
          ctx.actor,
          historyOf(options.decider, await options.events(ctx, input.path)),
        ),
      ),
    /** The item as it was at a moment (time travel over its stream). */
    asOf: reader
      .input(itemPath.extend({ at: z.iso.datetime({ offset: true }) }))
      .query(async ({ ctx, input }) => {
        const state = stateAt(options.decider, await options.events(ctx, input.path), new Date(input.at));
        return state.status === 'absent' ? null : options.shown(state as Exclude<S, { status: 'absent' }>);
      }),
  };
}
