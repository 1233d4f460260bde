import { z } from 'zod';
import type { Decider } from '../events/decider';
import { pathSchema } from '../events/shared/fields';
import type { NewEvent, StoredEvent } from '../events/store';
import { historyOf, readable, stateAt } from './history';
import { historyEntryOutput } from './outputs';
import { mayReadHistory } from './rights/module-rights';
import { type Context, ownerProcedure } from './trpc';

const itemPath = z.object({ path: pathSchema });

/**
 * The `history` and `asOf` procedures of an item kind, the same for every router: its events made
 * readable, and its state at a moment (null before it existed), for holders of the view or edit
 * right and for the item's owners (`owners`, looked up by path; a missing item is its router's
 * not-found). `events` reads the item's stream by path; `shown` picks what the time travel answers
 * from a state that exists, as `shownOutput` declares it.
 */
export function historyProcedures<
  C,
  E extends NewEvent,
  S extends { status: string },
  Shown extends z.ZodObject,
>(options: {
  decider: Decider<C, E, S>;
  events: (ctx: Context, path: string) => Promise<StoredEvent[]>;
  shown: (state: Exclude<S, { status: 'absent' }>) => Shown['_zod']['input'];
  /** What `asOf` answers of a state that exists. */
  shownOutput: Shown;
  owners?: (ctx: Context, path: string) => Promise<readonly string[]>;
}) {
  const reader = ownerProcedure({
    owners: (ctx, path) => (options.owners ? options.owners(ctx, path) : Promise.resolve([])),
    may: mayReadHistory,
  });
  return {
    /** The item's full change history: who changed what, when, from what to what. */
    history: reader
      .input(itemPath)
      .output(z.array(historyEntryOutput))
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
      .output(options.shownOutput.nullable())
      .query(async ({ ctx, input }) => {
        const state = stateAt(options.decider, await options.events(ctx, input.path), new Date(input.at));
        if (state.status === 'absent') return null;
        // `shown` answers the schema's input; tRPC cannot see that while the schema is a type parameter.
        return options.shown(state as Exclude<S, { status: 'absent' }>) as never;
      }),
  };
}
