import { assertNever, type Decider } from '../decider';
import { invalid } from '../errors';
import type { TrackingCommand } from './commands';
import type { TrackingCategory, TrackingEvent } from './events';

/** A repeat view of an item this soon after its last sighting adds nothing to the log. */
const REPEAT_WINDOW_MS = 60_000;
/** How far a client's clock may run ahead of the server's before its lastSeen is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface Sighting {
  firstSeen: string;
  lastSeen: string;
}

/**
 * Per category, per path: first and last sighting (UTC ISO strings, so the state is plain JSON).
 * Module pages apart, by page id: they are no category of the spec's log.
 */
export interface TrackingState {
  seen: Partial<Record<TrackingCategory, Record<string, Sighting>>>;
  pages: Record<string, Sighting>;
}

const utc = (iso: string) => new Date(Date.parse(iso)).toISOString();
/** Own entries only: a path such as `constructor` must not find Object.prototype's. */
const sightingOf = (byKey: Record<string, Sighting> | undefined, key: string) =>
  byKey && Object.hasOwn(byKey, key) ? byKey[key] : undefined;

/**
 * When a sighting at `at` counts, or null when it adds nothing: the one rule for items and pages.
 * Refuses a time further ahead of the server's `now` than the allowed clock skew.
 */
function newSighting(at: string, now: string, previous: Sighting | undefined): string | null {
  const atMs = Date.parse(at);
  const nowMs = Date.parse(now);
  if (atMs > nowMs + CLOCK_SKEW_MS) {
    throw invalid('tracking.lastSeenInFuture', [{ path: 'lastSeen', key: 'tracking.lastSeenInFuture' }]);
  }
  // Within the allowed skew the sighting counts, at the server's now: the log never runs ahead.
  const seenAt = Math.min(atMs, nowMs);
  // Older than the last sighting, or a repeat within the window: nothing new to say.
  if (previous && seenAt - Date.parse(previous.lastSeen) < REPEAT_WINDOW_MS) return null;
  return new Date(seenAt).toISOString();
}

/** The sighting once `at` is added to `previous`: the earliest first, the latest last. */
function widened(previous: Sighting | undefined, seenAt: string): Sighting {
  const at = utc(seenAt);
  if (!previous) return { firstSeen: at, lastSeen: at };
  return {
    firstSeen: at < previous.firstSeen ? at : previous.firstSeen,
    lastSeen: at > previous.lastSeen ? at : previous.lastSeen,
  };
}

function decide(command: TrackingCommand, state: TrackingState): TrackingEvent[] {
  switch (command.type) {
    case 'RecordSeen': {
      const { userId, category, path } = command.data;
      const at = newSighting(command.data.at, command.data.now, sightingOf(state.seen[category], path));
      return at === null ? [] : [{ type: 'ItemSeen', data: { userId, category, path, at } }];
    }
    case 'RecordPageSeen': {
      const { userId, moduleId, modulePath, pageId, pagePath } = command.data;
      const at = newSighting(command.data.at, command.data.now, sightingOf(state.pages, pageId));
      if (at === null) return [];
      return [{ type: 'PageSeen', data: { userId, moduleId, modulePath, pageId, pagePath, at } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: TrackingState, event: TrackingEvent): TrackingState {
  switch (event.type) {
    case 'ItemSeen': {
      const { category, path, at } = event.data;
      const byPath = state.seen[category] ?? {};
      const sighting = widened(sightingOf(byPath, path), at);
      return { ...state, seen: { ...state.seen, [category]: { ...byPath, [path]: sighting } } };
    }
    case 'PageSeen': {
      const { pageId, at } = event.data;
      return { ...state, pages: { ...state.pages, [pageId]: widened(sightingOf(state.pages, pageId), at) } };
    }
    default:
      return assertNever(event);
  }
}

export const trackingDecider: Decider<TrackingCommand, TrackingEvent, TrackingState> = {
  initialState: () => ({ seen: {}, pages: {} }),
  evolve,
  decide,
  // A person's log grows with every visit; fold it from a snapshot rather than from the start.
  // Version 2: the state keeps page sightings beside the categories (a version-1 snapshot has none).
  snapshot: { schemaVersion: 2, every: 50 },
};
