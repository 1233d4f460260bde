import { assertNever, type Decider } from '../decider';
import { invalid } from '../errors';
import type { TrackingCommand } from './commands';
import type { TrackingCategory, TrackingEvent } from './events';

/** A repeat view of an item this soon after its last sighting adds nothing to the log. */
export const REPEAT_WINDOW_MS = 60_000;
/** How far a client's clock may run ahead of the server's before its lastSeen is refused. */
export const CLOCK_SKEW_MS = 5 * 60_000;

export interface Sighting {
  firstSeen: string;
  lastSeen: string;
}

/** Per category, per path: first and last sighting (UTC ISO strings, so the state is plain JSON). */
export interface TrackingState {
  seen: Partial<Record<TrackingCategory, Record<string, Sighting>>>;
}

const utc = (iso: string) => new Date(Date.parse(iso)).toISOString();
/** Own entries only: a path such as `constructor` must not find Object.prototype's. */
const sightingOf = (byPath: Record<string, Sighting> | undefined, path: string) =>
  byPath && Object.hasOwn(byPath, path) ? byPath[path] : undefined;

function decide(command: TrackingCommand, state: TrackingState): TrackingEvent[] {
  switch (command.type) {
    case 'RecordSeen': {
      const { userId, category, path } = command.data;
      const at = Date.parse(command.data.at);
      const now = Date.parse(command.data.now);
      if (at > now + CLOCK_SKEW_MS) {
        throw invalid('tracking.lastSeenInFuture', [{ path: 'lastSeen', key: 'tracking.lastSeenInFuture' }]);
      }
      // Within the allowed skew the sighting counts, at the server's now: the log never runs ahead.
      const seenAt = Math.min(at, now);
      const previous = sightingOf(state.seen[category], path);
      // Older than the last sighting, or a repeat within the window: nothing new to say.
      if (previous && seenAt - Date.parse(previous.lastSeen) < REPEAT_WINDOW_MS) return [];
      return [{ type: 'ItemSeen', data: { userId, category, path, at: new Date(seenAt).toISOString() } }];
    }
    default:
      return assertNever(command.type);
  }
}

function evolve(state: TrackingState, event: TrackingEvent): TrackingState {
  switch (event.type) {
    case 'ItemSeen': {
      const { category, path } = event.data;
      const at = utc(event.data.at);
      const byPath = state.seen[category] ?? {};
      const previous = sightingOf(byPath, path);
      const sighting: Sighting = previous
        ? {
            firstSeen: at < previous.firstSeen ? at : previous.firstSeen,
            lastSeen: at > previous.lastSeen ? at : previous.lastSeen,
          }
        : { firstSeen: at, lastSeen: at };
      return { seen: { ...state.seen, [category]: { ...byPath, [path]: sighting } } };
    }
    default:
      return assertNever(event.type);
  }
}

export const trackingDecider: Decider<TrackingCommand, TrackingEvent, TrackingState> = {
  initialState: () => ({ seen: {} }),
  evolve,
  decide,
  // A person's log grows with every visit; fold it from a snapshot rather than from the start.
  snapshot: { schemaVersion: 1, every: 50 },
};
