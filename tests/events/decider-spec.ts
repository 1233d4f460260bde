import { expect } from 'vitest';
import type { Decider } from '../../events/decider';
import { DomainError } from '../../events/errors';

/** given(events) → when(command) → then(events) or then-throws(code, key). */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        thenEvents: (expected: Event[]) => expect(run()).toEqual(expected),
        thenThrows: (code: DomainError['code'], key: string) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).code).toBe(code);
          expect((thrown as DomainError).key).toBe(key);
        },
      };
    },
  });
}
