import { type AnswerValue, sameAnswer } from '../../../../events/result/answer-value';

/** A question as the server last said it is: what the screen starts from. */
export interface ServerAttempts {
  attempts: number;
  /** null: unlimited. */
  attemptsAllowed: number | null;
  locked: boolean;
  /** The answer the server counted last, null before any. */
  answer: AnswerValue | null;
}

/** What the screen shows once the checks still waiting on this device are counted. */
export interface EffectiveAttempts {
  attempts: number;
  locked: boolean;
  /** The answer to show as checked. */
  answer: AnswerValue | null;
  /** Waiting checks that will spend an attempt when they arrive. */
  pendingChecks: number;
}

/**
 * The state of a question on this device: the server's, plus the checks ('Check answer') still
 * waiting in this device's answer queue, in the order they were made. Each waiting check counts as
 * the server will count it (events/result/decider.ts): the same answer as the one checked before is
 * no new attempt, and once the attempts are used up nothing more counts. So a learner offline sees
 * the attempt spent at once and cannot believe in a second check the server would refuse.
 */
export function effectiveAttempts(
  server: ServerAttempts,
  waiting: readonly AnswerValue[],
): EffectiveAttempts {
  const allowed = server.attemptsAllowed;
  let attempts = server.attempts;
  let answer = server.answer;
  let locked = server.locked || (allowed !== null && attempts >= allowed);
  let pendingChecks = 0;
  for (const check of waiting) {
    if (locked) break;
    if (answer !== null && sameAnswer(answer, check)) continue;
    attempts += 1;
    answer = check;
    pendingChecks += 1;
    locked = allowed !== null && attempts >= allowed;
  }
  return { attempts, locked, answer, pendingChecks };
}
