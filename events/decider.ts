/** A pure aggregate: no I/O, no clock; everything it needs arrives in the command. */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  /**
   * Keep a snapshot of the folded state every `every` events. Bump `schemaVersion` whenever the
   * state's shape or `evolve` changes: older snapshots are then ignored. State must be plain JSON.
   */
  snapshot?: {
    schemaVersion: number;
    every: number;
    /**
     * The person whose personal data the state holds, from the stream's name: the snapshot is then
     * sealed with their key, so erasing them makes it unreadable like their events.
     */
    subject?: (stream: string) => string;
  };
  /**
   * The decision needs no history (everything it needs comes in the command): the pipeline reads
   * only the stream's version, so appending costs the same however long the stream is.
   */
  stateless?: true;
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
