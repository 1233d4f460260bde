import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../events/store';
import {
  type ActivityRow,
  type AnswerEvent,
  type AnswerRow,
  activityAfter,
  answerAfter,
  type DraftRow,
  draftAfter,
} from '../../../projections/result/answer-rules';

/**
 * The results read model's rules, given events → then the row they leave, with no database: the
 * projections and the learner view all fold with these functions, so a case here holds for each.
 */
const ref = {
  userId: 'learner',
  moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a01',
  modulePath: 'module',
  pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a02',
  pagePath: 'page',
  question: 'q',
};
let position = 0;
/** A stored event of the rules' types; its data is the test's, so it is only as typed as the case. */
const event = (type: AnswerEvent['type'], at: string, data: Record<string, unknown>): AnswerEvent =>
  ({
    position: ++position,
    stream: 'test',
    version: position,
    type,
    schemaVersion: 1,
    data: { ...ref, ...data },
    meta: { at } as StoredEvent['meta'],
    recordedAt: new Date(at),
  }) as AnswerEvent;
const saved = (at: string, attempt: number, answer: string, score = 0) =>
  event('AnswerSaved', at, {
    questionType: 'single',
    answer,
    attempt,
    score,
    maxScore: 1,
    idempotencyKey: null,
  });
const scored = (at: string, score: number, feedback: string | null) =>
  event('AnswerScored', at, {
    score,
    maxScore: 1,
    previousScore: 0,
    scored: true,
    feedback,
    previousFeedback: null,
    scoredBy: 'teacher',
  });
const granted = (at: string, extraAttempts: number) =>
  event('AttemptGranted', at, {
    attemptsUsed: 2,
    extraAttempts,
    attemptsAllowed: 2 + extraAttempts,
    grantedBy: 'teacher',
  });
const drafted = (at: string, answer: string) =>
  event('AnswerDrafted', at, { questionType: 'open', answer, idempotencyKey: null });

const T1 = '2026-11-24T08:00:00.000Z';
const T2 = '2026-11-24T08:05:00.000Z';
const T3 = '2026-11-24T08:10:00.000Z';
const T4 = '2026-11-24T08:15:00.000Z';

const answer = (row: Partial<AnswerRow>): AnswerRow => ({
  pageId: ref.pageId,
  questionType: 'single',
  answer: 'yes',
  attempts: 1,
  score: 0,
  maxScore: 1,
  updatedAt: T1,
  feedback: null,
  scoredBy: null,
  scoredAt: null,
  extraAttempts: 0,
  ...row,
});

const fold = <Row>(rule: (row: Row | null, event: AnswerEvent) => Row | null, events: AnswerEvent[]) =>
  events.reduce<Row | null>(rule, null);

describe('the answer of one question', () => {
  const cases: [string, AnswerEvent[], AnswerRow | null][] = [
    ['nothing answered: no row', [], null],
    ['a first answer is the row', [saved(T1, 1, 'yes', 1)], answer({ score: 1 })],
    [
      'a later attempt replaces it',
      [saved(T1, 1, 'yes'), saved(T2, 2, 'no', 1)],
      answer({ answer: 'no', attempts: 2, score: 1, updatedAt: T2 }),
    ],
    [
      'an earlier or equal attempt after it changes nothing (a replay, two devices)',
      [saved(T1, 2, 'yes'), saved(T2, 1, 'no'), saved(T3, 2, 'no')],
      answer({ attempts: 2 }),
    ],
    [
      "a teacher's score sets score and feedback, not the participant's time",
      [saved(T1, 1, 'yes'), scored(T2, 1, 'well done')],
      answer({ score: 1, feedback: 'well done', scoredBy: 'teacher', scoredAt: T2 }),
    ],
    [
      'feedback and extra attempts outlive a new answer, whose score replaces the teacher’s (unscored again)',
      [saved(T1, 1, 'yes'), scored(T2, 1, 'see page 2'), granted(T3, 1), saved(T4, 2, 'no', 0)],
      answer({
        answer: 'no',
        attempts: 2,
        score: 0,
        updatedAt: T4,
        feedback: 'see page 2',
        scoredBy: null,
        scoredAt: null,
        extraAttempts: 1,
      }),
    ],
    [
      'an extra attempt counts as granted, not added',
      [saved(T1, 1, 'yes'), granted(T2, 1), granted(T3, 2)],
      answer({ extraAttempts: 2 }),
    ],
    ['a score without an answer makes no row', [scored(T1, 1, 'x')], null],
    ['an extra attempt without an answer makes no row', [granted(T1, 1)], null],
    ['a draft leaves the answer alone', [saved(T1, 1, 'yes'), drafted(T2, 'maybe')], answer({})],
  ];
  it.each(cases)('%s', (_name, given, then) => {
    expect(fold(answerAfter, given)).toEqual(then);
  });

  it('returns the row itself when nothing changes, so a writer can skip it', () => {
    const row = answer({ attempts: 3 });
    expect(answerAfter(row, saved(T2, 2, 'no'))).toBe(row);
    expect(answerAfter(row, drafted(T2, 'maybe'))).toBe(row);
  });
});

describe('the draft of one question', () => {
  const draft = (answer: string, updatedAt: string): DraftRow => ({ pageId: ref.pageId, answer, updatedAt });
  const cases: [string, AnswerEvent[], DraftRow | null][] = [
    ['a draft is the row', [drafted(T1, 'a')], draft('a', T1)],
    ['a later draft replaces it', [drafted(T1, 'a'), drafted(T2, 'b')], draft('b', T2)],
    ['a confirmed answer removes it', [drafted(T1, 'a'), saved(T2, 1, 'yes')], null],
    ['a draft after the answer is a new draft', [saved(T1, 1, 'yes'), drafted(T2, 'c')], draft('c', T2)],
    ["a teacher's score leaves it", [drafted(T1, 'a'), scored(T2, 1, null)], draft('a', T1)],
  ];
  it.each(cases)('%s', (_name, given, then) => {
    expect(fold(draftAfter, given)).toEqual(then);
  });

  it('depends on the last event alone, so a run needs no read of the drafts before it', () => {
    for (const before of [null, draft('old', T1)]) {
      expect(draftAfter(before, drafted(T2, 'new'))).toEqual(draft('new', T2));
      expect(draftAfter(before, saved(T2, 1, 'yes'))).toBeNull();
    }
  });
});

describe("the participant's activity in the module", () => {
  const activity = (startedAt: string, updatedAt: string): ActivityRow => ({
    modulePath: 'module',
    startedAt,
    updatedAt,
  });
  const cases: [string, AnswerEvent[], ActivityRow | null][] = [
    ['a draft is no activity', [drafted(T1, 'a')], null],
    ['a first answer starts it', [saved(T2, 1, 'yes')], activity(T2, T2)],
    ['a later answer moves its end', [saved(T1, 1, 'yes'), saved(T3, 2, 'no')], activity(T1, T3)],
    [
      'a time going back keeps the latest end, and the first answer applied keeps the start',
      [saved(T2, 1, 'yes'), saved(T4, 2, 'no'), saved(T1, 3, 'yes')],
      activity(T2, T4),
    ],
    [
      "a teacher's score is no activity of the participant",
      [saved(T1, 1, 'yes'), scored(T3, 1, null)],
      activity(T1, T1),
    ],
    [
      'an equal attempt still counts as activity',
      [saved(T1, 1, 'yes'), saved(T2, 1, 'yes')],
      activity(T1, T2),
    ],
  ];
  it.each(cases)('%s', (_name, given, then) => {
    expect(fold(activityAfter, given)).toEqual(then);
  });
});
