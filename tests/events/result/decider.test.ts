import { describe, expect, it } from 'vitest';
import { type QuestionElement, singleChoiceSchema } from '../../../events/page/content';
import type { SaveAnswers } from '../../../events/result/commands';
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
const save = (answers: Record<string, unknown>, questions: QuestionElement[] = [sdg]): SaveAnswers => ({
  type: 'SaveAnswers',
  data: { ...ref, questions, answers },
});
const saved = (answer: string, attempt: number, score: number): ResultEvent => ({
  type: 'AnswerSaved',
  data: { ...ref, question: 'sdg', questionType: 'single', answer, attempt, score, maxScore: 1 },
});

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
        data: { ...ref, pagePath: 'andere', questions: [sdg], answers: { sdg: 'thirteen' } },
      },
      state,
    );
    expect(other).toHaveLength(1);
    expect(other[0]?.data).toMatchObject({ attempt: 1 });
  });
});
