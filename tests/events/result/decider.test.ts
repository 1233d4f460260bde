import { describe, expect, it } from 'vitest';
import {
  multipleChoiceSchema,
  numericQuestionSchema,
  type QuestionElement,
  shortAnswerQuestionSchema,
  singleChoiceSchema,
} from '../../../events/page/content';
import type { ResultCommand, SaveAnswers } from '../../../events/result/commands';
import { resultDecider } from '../../../events/result/decider';
import type { ResultEvent } from '../../../events/result/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(resultDecider);
const ref = {
  userId: 'user-1',
  moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0001',
  modulePath: 'kaders',
  pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0002',
  pagePath: 'controlevraag',
};
const sdg: QuestionElement = singleChoiceSchema.parse({
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: 'Which SDG?',
  schema: { attempts: 2, info: 'Read again.' },
  options: [
    { label: 'SDG 5', value: 'five', score: 1 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
  ],
});
const save = (
  answers: Record<string, unknown>,
  questions: QuestionElement[] = [sdg],
  request = { idempotencyKey: null as string | null, alreadyApplied: false },
): SaveAnswers => ({
  type: 'SaveAnswers',
  data: { ...ref, ...request, questions, answers },
});
const saved = (
  answer: string,
  attempt: number,
  score: number,
  idempotencyKey: string | null = null,
): ResultEvent => ({
  type: 'AnswerSaved',
  data: {
    ...ref,
    question: 'sdg',
    questionType: 'single',
    answer,
    attempt,
    score,
    maxScore: 1,
    idempotencyKey,
  },
});
const key = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a00ff';

describe('result decider', () => {
  it('scores a first answer as attempt 1', () =>
    spec([])
      .when(save({ sdg: 'thirteen' }))
      .thenEvents([saved('thirteen', 1, 0)]));
  it('counts each changed answer as the next attempt', () =>
    spec([saved('thirteen', 1, 0)])
      .when(save({ sdg: 'five' }))
      .thenEvents([saved('five', 2, 1)]));
  it('the same answer twice does not count twice', () =>
    spec([saved('thirteen', 1, 0)])
      .when(save({ sdg: 'thirteen' }))
      .thenEvents([]));
  it("carries the request's idempotency key into its answers", () =>
    spec([])
      .when(save({ sdg: 'thirteen' }, [sdg], { idempotencyKey: key, alreadyApplied: false }))
      .thenEvents([saved('thirteen', 1, 0, key)]));
  it('a replayed request changes nothing, even when the answer changed since', () =>
    spec([saved('thirteen', 1, 0, key), saved('five', 2, 1)])
      .when(save({ sdg: 'thirteen' }, [sdg], { idempotencyKey: key, alreadyApplied: true }))
      .thenEvents([]));
  it('refuses a change once the attempts are used up', () =>
    spec([saved('thirteen', 1, 0), saved('five', 2, 1)])
      .when(save({ sdg: 'thirteen' }))
      .thenThrows('CONFLICT', 'result.noAttemptsLeft'));
  it('refuses a question the page does not have', () =>
    spec([])
      .when(save({ other: 'five' }))
      .thenThrows('INVALID', 'result.unknownQuestion'));
  it('refuses an option the question does not have', () =>
    spec([])
      .when(save({ sdg: 'seven' }))
      .thenThrows('INVALID', 'result.invalidAnswer'));
  it('refuses a list for a single choice', () =>
    spec([])
      .when(save({ sdg: ['five'] }))
      .thenThrows('INVALID', 'result.invalidAnswer'));
  it('keeps answers per page: the same name on another page is another question', () => {
    const state = [saved('thirteen', 1, 0)].reduce(resultDecider.evolve, resultDecider.initialState());
    const other = resultDecider.decide(
      {
        type: 'SaveAnswers',
        data: {
          ...ref,
          pagePath: 'andere',
          questions: [sdg],
          answers: { sdg: 'thirteen' },
          idempotencyKey: null,
          alreadyApplied: false,
        },
      },
      state,
    );
    expect(other).toHaveLength(1);
    expect(other[0]?.data).toMatchObject({ attempt: 1 });
  });
});

describe('confirmed answers and extra attempts', () => {
  const granted = (extraAttempts: number, attemptsAllowed: number, attemptsUsed = 2): ResultEvent => ({
    type: 'AttemptGranted',
    data: { ...ref, question: 'sdg', attemptsUsed, extraAttempts, attemptsAllowed, grantedBy: 'teacher-1' },
  });
  const grant = (question = 'sdg'): ResultCommand => ({
    type: 'GrantAttempt',
    data: { ...ref, questions: [sdg], question, grantedBy: 'teacher-1' },
  });
  const ticks: QuestionElement = multipleChoiceSchema.parse({
    type: 'checkbox',
    questionType: 'multiple',
    name: 'sdg',
    label: 'Which SDGs?',
    schema: { attempts: 1 },
    options: [
      { label: 'SDG 5', value: 'five', score: 1 },
      { label: 'SDG 13', value: 'thirteen', score: 0 },
    ],
  });
  // Two attempts, both used: the second one right.
  const usedUp = [saved('thirteen', 1, 0), saved('five', 2, 1)];
  it('an empty answer to a question with limited attempts can never be confirmed', () =>
    spec([])
      .when(save({ sdg: [] }, [ticks]))
      .thenThrows('INVALID', 'result.emptyAnswer'));
  it('a teacher gives another attempt once the attempts are used up', () =>
    spec(usedUp)
      .when(grant())
      .thenEvents([granted(1, 3)]));
  it('refuses another attempt while attempts are left', () =>
    spec([saved('thirteen', 1, 0)])
      .when(grant())
      .thenThrows('CONFLICT', 'result.attemptsLeft'));
  it('refuses another attempt before any answer', () =>
    spec([]).when(grant()).thenThrows('CONFLICT', 'result.attemptsLeft'));
  it('refuses another attempt at a question the page does not have', () =>
    spec(usedUp).when(grant('other')).thenThrows('INVALID', 'result.unknownQuestion'));
  it('the extra attempt opens the question for one more answer, and no more', () => {
    spec([...usedUp, granted(1, 3)])
      .when(save({ sdg: 'thirteen' }))
      .thenEvents([saved('thirteen', 3, 0)]);
    spec([...usedUp, granted(1, 3), saved('thirteen', 3, 0)])
      .when(save({ sdg: 'five' }))
      .thenThrows('CONFLICT', 'result.noAttemptsLeft');
  });
  it('a second extra attempt counts on from the first', () =>
    spec([...usedUp, granted(1, 3), saved('thirteen', 3, 0)])
      .when(grant())
      .thenEvents([granted(2, 4, 3)]));
});

describe('typed answers: a number and a short text', () => {
  const year: QuestionElement = numericQuestionSchema.parse({
    type: 'numeric',
    questionType: 'numeric',
    name: 'year',
    label: 'In which year was the Cairo conference?',
    schema: { attempts: 1 },
    accepted: [{ value: 1994, score: 2 }],
  });
  const term: QuestionElement = shortAnswerQuestionSchema.parse({
    type: 'shortText',
    questionType: 'short',
    name: 'term',
    label: 'What is agreeing freely called?',
    accepted: [{ text: 'consent', score: 1 }],
  });
  const typed = (
    question: string,
    questionType: 'numeric' | 'short',
    answer: string,
    score: number,
    maxScore: number,
  ): ResultEvent => ({
    type: 'AnswerSaved',
    data: { ...ref, question, questionType, answer, attempt: 1, score, maxScore, idempotencyKey: null },
  });
  it('a number within its tolerance scores the accepted answer', () =>
    spec([])
      .when(save({ year: '1994' }, [year]))
      .thenEvents([typed('year', 'numeric', '1994', 2, 2)]));
  it('a text that is not a number cannot spend an attempt', () =>
    spec([])
      .when(save({ year: 'nineteen' }, [year]))
      .thenThrows('INVALID', 'result.notANumber'));
  it('a short answer matches without case or accents', () =>
    spec([])
      .when(save({ term: 'Consént' }, [term]))
      .thenEvents([typed('term', 'short', 'Consént', 1, 1)]));
});
