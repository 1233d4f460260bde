import { describe, it } from 'vitest';
import { openQuestionSchema, type QuestionElement, singleChoiceSchema } from '../../../events/page/content';
import type { ScoreAnswers } from '../../../events/result/commands';
import { resultDecider } from '../../../events/result/decider';
import type { ResultEvent } from '../../../events/result/events';
import { deciderSpec } from '../decider-spec';

/** A teacher scoring open answers and giving feedback (ScoreAnswers → AnswerScored). */
const spec = deciderSpec(resultDecider);
const ref = {
  userId: 'learner-1',
  moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0001',
  modulePath: 'kaders',
  pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0002',
  pagePath: 'reflectie',
};
const why: QuestionElement = openQuestionSchema.parse({
  type: 'textarea',
  questionType: 'open',
  name: 'why',
  label: 'Why?',
  schema: { maxScore: 5 },
});
const sdg: QuestionElement = singleChoiceSchema.parse({
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: 'Which SDG?',
  schema: { attempts: 0 },
  options: [
    { label: 'SDG 5', value: 'five', score: 1 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
  ],
});
const answered = (answer: string, attempt = 1): ResultEvent => ({
  type: 'AnswerSaved',
  data: {
    ...ref,
    question: 'why',
    questionType: 'open',
    answer,
    attempt,
    score: 0,
    maxScore: 5,
    idempotencyKey: null,
  },
});
const sdgAnswered: ResultEvent = {
  type: 'AnswerSaved',
  data: {
    ...ref,
    question: 'sdg',
    questionType: 'single',
    answer: 'five',
    attempt: 1,
    score: 1,
    maxScore: 1,
    idempotencyKey: null,
  },
};
const score = (
  scores: Record<string, number>,
  feedback: Record<string, string> = {},
  scoredBy = 'teacher-1',
): ScoreAnswers => ({
  type: 'ScoreAnswers',
  data: { ...ref, questions: [why, sdg], scores, feedback, scoredBy },
});
const scored = (
  value: number,
  previousScore: number,
  feedback: string | null = null,
  previousFeedback: string | null = null,
  question = 'why',
  maxScore = 5,
  given = true,
): ResultEvent => ({
  type: 'AnswerScored',
  data: {
    ...ref,
    question,
    score: value,
    maxScore,
    previousScore,
    scored: given,
    feedback,
    previousFeedback,
    scoredBy: 'teacher-1',
  },
});

describe('scoring by a teacher', () => {
  it('scores an open answer, rounded to a whole number', () =>
    spec([answered('Because.')])
      .when(score({ why: 3.6 }))
      .thenEvents([scored(4, 0)]));
  it('gives feedback with the score, and keeps the previous values', () =>
    spec([answered('Because.'), scored(4, 0)])
      .when(score({ why: 2 }, { why: '  Say more about access.  ' }))
      .thenEvents([scored(2, 4, 'Say more about access.')]));
  it('gives feedback alone, the score unchanged', () =>
    spec([answered('Because.'), scored(4, 0, 'Good')])
      .when(score({}, { why: 'Very good' }))
      .thenEvents([scored(4, 4, 'Very good', 'Good', 'why', 5, false)]));
  it('an empty feedback text removes the feedback', () =>
    spec([answered('Because.'), scored(4, 0, 'Good')])
      .when(score({}, { why: '' }))
      .thenEvents([scored(4, 4, null, 'Good', 'why', 5, false)]));
  it('gives feedback on a choice question too', () =>
    spec([sdgAnswered])
      .when(score({}, { sdg: 'Right.' }))
      .thenEvents([scored(1, 1, 'Right.', null, 'sdg', 1, false)]));
  it('scores an unscored open answer 0: a decision, though the score stays 0', () =>
    spec([answered('Because.')])
      .when(score({ why: 0 }))
      .thenEvents([scored(0, 0)]));
  it('feedback alone leaves an open answer unscored', () =>
    spec([answered('Because.')])
      .when(score({}, { why: 'Say more.' }))
      .thenEvents([scored(0, 0, 'Say more.', null, 'why', 5, false)]));
  it('a score of 0 sent back for a scored open answer is no change', () =>
    spec([answered('Because.'), scored(0, 0)])
      .when(score({ why: 0 }))
      .thenEvents([]));
  it('a new answer after scoring waits for a score again, even the same one', () =>
    spec([answered('Because.'), scored(0, 0), answered('Because of rights.', 2)])
      .when(score({ why: 0 }))
      .thenEvents([scored(0, 0)]));
  it('the same score and feedback again decide nothing', () =>
    spec([answered('Because.'), scored(4, 0, 'Good')])
      .when(score({ why: 4 }, { why: 'Good' }))
      .thenEvents([]));
  it('a new answer keeps the feedback; its score starts again at 0', () =>
    spec([answered('Because.'), scored(4, 0, 'Good'), answered('Because of rights.', 2)])
      .when(score({ why: 5 }))
      .thenEvents([scored(5, 0, 'Good', 'Good')]));
  it('refuses a score above the maximum', () =>
    spec([answered('Because.')])
      .when(score({ why: 6 }))
      .thenThrows('INVALID', 'result.scoreOutOfRange'));
  it('refuses a negative score', () =>
    spec([answered('Because.')])
      .when(score({ why: -1 }))
      .thenThrows('INVALID', 'result.scoreOutOfRange'));
  it('refuses to score a choice question: the server scores those', () =>
    spec([sdgAnswered])
      .when(score({ sdg: 0 }))
      .thenThrows('INVALID', 'result.onlyOpenScored'));
  it("ignores a choice question's unchanged score sent back with the others", () =>
    spec([sdgAnswered, answered('Because.')])
      .when(score({ sdg: 1, why: 2 }))
      .thenEvents([scored(2, 0)]));
  it('refuses an unanswered question', () =>
    spec([])
      .when(score({ why: 3 }))
      .thenThrows('CONFLICT', 'result.notAnswered'));
  it('refuses an empty answer', () =>
    spec([answered('   ')])
      .when(score({}, { why: 'Nothing?' }))
      .thenThrows('CONFLICT', 'result.notAnswered'));
  it('refuses a question the page does not have', () =>
    spec([answered('Because.')])
      .when(score({ other: 1 }))
      .thenThrows('INVALID', 'result.unknownQuestion'));
});
