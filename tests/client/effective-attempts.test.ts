import { describe, expect, it } from 'vitest';
import {
  type EffectiveAttempts,
  effectiveAttempts,
  type ServerAttempts,
} from '../../client/features/module/components/effective-attempts';
import type { AnswerValue } from '../../events/result/answers';

const fresh = (attemptsAllowed: number | null): ServerAttempts => ({
  attempts: 0,
  attemptsAllowed,
  locked: false,
  answer: null,
});

const table: [string, ServerAttempts, AnswerValue[], EffectiveAttempts][] = [
  [
    'nothing waiting: the server state as it is',
    { attempts: 1, attemptsAllowed: 3, locked: false, answer: 'a' },
    [],
    { attempts: 1, locked: false, answer: 'a', pendingChecks: 0 },
  ],
  [
    'one attempt, one check waiting: spent and locked on the device',
    fresh(1),
    ['a'],
    { attempts: 1, locked: true, answer: 'a', pendingChecks: 1 },
  ],
  [
    'one attempt, two checks waiting: the second would be refused and counts for nothing',
    fresh(1),
    ['a', 'b'],
    { attempts: 1, locked: true, answer: 'a', pendingChecks: 1 },
  ],
  [
    'three attempts, two different checks waiting: two spent, the last answer shows',
    fresh(3),
    ['a', 'b'],
    { attempts: 2, locked: false, answer: 'b', pendingChecks: 2 },
  ],
  [
    'a check of the answer already checked on the server: no new attempt',
    { attempts: 1, attemptsAllowed: 2, locked: false, answer: ['x', 'y'] },
    [['x', 'y']],
    { attempts: 1, locked: false, answer: ['x', 'y'], pendingChecks: 0 },
  ],
  [
    'the same answer checked twice while waiting: one attempt',
    fresh(3),
    ['a', 'a'],
    { attempts: 1, locked: false, answer: 'a', pendingChecks: 1 },
  ],
  [
    'locked on the server (used elsewhere): waiting checks count for nothing',
    { attempts: 1, attemptsAllowed: 1, locked: true, answer: 'b' },
    ['a'],
    { attempts: 1, locked: true, answer: 'b', pendingChecks: 0 },
  ],
  [
    'unlimited attempts: every different check counts, never locked',
    fresh(null),
    ['a', 'b', 'c'],
    { attempts: 3, locked: false, answer: 'c', pendingChecks: 3 },
  ],
  [
    'the last attempt left: the waiting check uses it and locks',
    { attempts: 2, attemptsAllowed: 3, locked: false, answer: 'a' },
    ['b', 'c'],
    { attempts: 3, locked: true, answer: 'b', pendingChecks: 1 },
  ],
];

describe('the attempts a question shows on this device', () => {
  it.each(table)(
    'given the server state and the waiting checks, when shown: %s',
    (_, server, waiting, then) => {
      expect(effectiveAttempts(server, waiting)).toEqual(then);
    },
  );
});
