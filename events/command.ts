import type { Kysely, Transaction } from 'kysely';
import type { Decider } from './decider';
import { readDecisionSource } from './decision-read';
import { VersionConflictError } from './errors';
import { saveSnapshot } from './snapshots';
import { append, type EventMeta, type NewEvent, type StoredEvent, streamVersion } from './store';

// biome-ignore lint/suspicious/noExplicitAny: the pipeline is schema-agnostic; callers hold the typed db
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: idem
type AnyTrx = Transaction<any>;

/** What the pipeline needs from the outside world, wired once by the server. */
export interface PipelineDeps {
  db: AnyDb;
  /** Opens the one transaction a command runs in. */
  transaction: <T>(work: (trx: AnyTrx) => Promise<T>) => Promise<T>;
  /**
   * Makes writers of one stream wait for each other inside their transactions, so concurrent
   * commands on one item queue up instead of failing on a version conflict.
   */
  lockStream: (trx: AnyTrx, stream: string) => Promise<void>;
  /** Applies the inline projections to freshly appended events, inside the transaction. */
  project: (trx: AnyTrx, events: StoredEvent[]) => Promise<void>;
  /**
   * Runs what follows freshly appended events beyond the read models (effects, follow-up jobs),
   * inside the transaction. Unlike `project`, a rebuild never runs it again.
   */
  react: (trx: AnyTrx, events: StoredEvent[]) => Promise<void>;
}

export interface CommandMeta {
  actorId: string | null;
  requestId: string;
  now: Date;
}

export interface Execution<Command, Event extends NewEvent, State> {
  decider: Decider<Command, Event, State>;
  stream: string;
  /** Throws Forbidden (or NotFound) for this actor and the current state; ownership needs the state. */
  authorize: (state: State) => void;
  /**
   * Builds the command from the current state; runs inside the transaction, so look-ups made here
   * (a free path, say) see the same snapshot the append is checked against.
   */
  command: (state: State, trx: AnyTrx) => Command | Promise<Command>;
  meta: CommandMeta;
}

export interface Outcome<Event extends NewEvent, State> {
  events: StoredEvent<Event>[];
  state: State;
  version: number;
}

/** Runs one execution inside a transaction someone else opened (see `executeMany`). */
export type Run = <Command, Event extends NewEvent, State>(
  execution: Execution<Command, Event, State>,
) => Promise<Outcome<Event, State>>;

/**
 * lock stream → read (from the latest snapshot) → fold → authorise → decide → append → project →
 * react, in one transaction. Authorisation follows the fold because ownership lives in the state.
 * A version conflict (a concurrent writer won) re-runs the whole decision once. A stateless decider
 * skips the read and the fold: only the stream's version is looked up.
 */
export function execute<Command, Event extends NewEvent, State>(
  deps: PipelineDeps,
  execution: Execution<Command, Event, State>,
): Promise<Outcome<Event, State>> {
  return executeMany(deps, (run) => run(execution));
}

/**
 * One order that must append to several streams (a file and the course it is linked to): every
 * `run` goes through the whole pipeline, each stream locked and version-checked, all in one
 * transaction, so a refusal or failure in a later one leaves nothing of an earlier one. A version
 * conflict re-runs the whole work once.
 */
export async function executeMany<T>(deps: PipelineDeps, work: (run: Run) => Promise<T>): Promise<T> {
  const attempt = () => deps.transaction((trx) => work((execution) => runIn(deps, trx, execution)));
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof VersionConflictError) return attempt();
    throw error;
  }
}

async function runIn<Command, Event extends NewEvent, State>(
  deps: PipelineDeps,
  trx: AnyTrx,
  execution: Execution<Command, Event, State>,
): Promise<Outcome<Event, State>> {
  const { decider, stream } = execution;
  await deps.lockStream(trx, stream);
  const subject = decider.snapshot?.subject?.(stream) ?? null;
  // The participant's key, read once for the tail and again for sealing the new events.
  const keys = new Map<string, Buffer | null>();
  const { snapshot, tail } = decider.stateless
    ? { snapshot: null, tail: [] }
    : await readDecisionSource<State>(
        trx,
        stream,
        decider.snapshot ? { schemaVersion: decider.snapshot.schemaVersion, subject } : null,
        keys,
      );
  const state = (tail as StoredEvent<Event>[])
    .map((event) => ({ type: event.type, data: event.data }) as Event)
    .reduce(decider.evolve, snapshot ? snapshot.state : decider.initialState());
  const version = decider.stateless
    ? await streamVersion(trx, stream)
    : (tail.at(-1)?.version ?? snapshot?.version ?? 0);
  execution.authorize(state);
  const command = await execution.command(state, trx);
  const decided = decider.decide(command, state);
  const meta: EventMeta = {
    actorId: execution.meta.actorId,
    requestId: execution.meta.requestId,
    at: execution.meta.now.toISOString(),
  };
  const stored = (await append(trx, stream, version, decided, meta, {
    versionRead: true,
    keys,
  })) as StoredEvent<Event>[];
  await deps.project(trx, stored);
  await deps.react(trx, stored);
  const next = { state: decided.reduce(decider.evolve, state), version: version + stored.length };
  if (decider.snapshot && next.version - (snapshot?.version ?? 0) >= decider.snapshot.every) {
    await saveSnapshot(trx, stream, decider.snapshot.schemaVersion, next.version, next.state, subject);
  }
  return { events: stored, ...next };
}
