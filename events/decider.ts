/** A pure aggregate: no I/O, no clock; everything it needs arrives in the command. */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  /**
   * Keep a snapshot of the folded state every `every` events. Bump `schemaVersion` whenever the
   * state's shape or `evolve` changes: older snapshots are then ignored. State must be plain JSON.
   */
  snapshot?: { schemaVersion: number; every: number };
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
