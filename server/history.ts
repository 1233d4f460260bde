import type { Decider } from '../events/decider';
import type { NewEvent, StoredEvent } from '../events/store';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEntry {
  version: number;
  type: string;
  actorId: string | null;
  at: string;
  changes: FieldChange[];
}

/** An item's image ({ name, alt }): one field in a history, so setting it reads as one change. */
const isImage = (value: object) => {
  const keys = Object.keys(value).sort();
  return keys.length === 2 && keys[0] === 'alt' && keys[1] === 'name';
};

/** Flattens a state into dotted fields, so a change reads as `details.name: A → B`. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || isImage(value)) {
    return { [prefix]: value };
  }
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, unknown>>(
    (fields, [key, inner]) => Object.assign(fields, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

function diff(before: unknown, after: unknown): FieldChange[] {
  const from = flatten(before);
  const to = flatten(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (field) => field !== 'status',
  );
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, from: from[field] ?? null, to: to[field] ?? null }));
}

/** Who changed which fields, when, from what to what: the stream folded step by step. */
export function historyOf<C, E extends NewEvent, S>(
  decider: Decider<C, E, S>,
  events: StoredEvent[],
): HistoryEntry[] {
  let state = decider.initialState();
  return events.map((event) => {
    const next = decider.evolve(state, { type: event.type, data: event.data } as E);
    const entry = {
      version: event.version,
      type: event.type,
      actorId: event.meta.actorId,
      at: event.meta.at,
      changes: diff(state, next),
    };
    state = next;
    return entry;
  });
}

/** The item as it was at `at`: its stream folded up to that moment. */
export function stateAt<C, E extends NewEvent, S>(
  decider: Decider<C, E, S>,
  events: StoredEvent[],
  at: Date,
): S {
  return events
    .filter((event) => Date.parse(event.meta.at) <= at.getTime())
    .reduce(
      (state, event) => decider.evolve(state, { type: event.type, data: event.data } as E),
      decider.initialState(),
    );
}
