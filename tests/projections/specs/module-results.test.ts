import { v7 as uuidv7 } from 'uuid';
import { describe, it } from 'vitest';
import { moduleResults } from '../../../projections/result/module-results';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';

describe.each(databaseKinds)('module_results on %s', (kind) => {
  const spec = projectionSpec(moduleResults, kind);
  const moduleId = uuidv7();
  const pageId = uuidv7();
  const ref = {
    userId: 'learner',
    moduleId,
    modulePath: 'hygiene',
    pageId,
    pagePath: 'washing',
    question: 'q1',
  };
  const stream = `module_result-${moduleId}.learner`;
  const saved = (attempt: number, answer: string, score: number, at: string) =>
    event(
      'AnswerSaved',
      { ...ref, questionType: 'single', answer, attempt, score, maxScore: 1, idempotencyKey: null },
      { stream, at },
    );
  const scored = (score: number, feedback: string | null, at: string) =>
    event(
      'AnswerScored',
      { ...ref, score, maxScore: 1, previousScore: 0, feedback, previousFeedback: null, scoredBy: 'teacher' },
      { stream, at },
    );
  const T1 = '2026-11-24T08:00:00.000Z';
  const T2 = '2026-11-24T08:05:00.000Z';
  const T3 = '2026-11-24T08:10:00.000Z';

  it('a first answer starts the module and is the question’s row', () =>
    spec
      .given()
      .when(saved(1, 'yes', 1, T1))
      .thenRows({
        module_results: [
          { user_id: 'learner', module_id: moduleId, module_path: 'hygiene', started_at: T1, updated_at: T1 },
        ],
        result_answers: [
          { page_path: 'washing', question: 'q1', answer: 'yes', attempts: 1, score: 1, extra_attempts: 0 },
        ],
      }));

  it('a later attempt replaces the answer and moves the end of the activity', () =>
    spec
      .given(saved(1, 'yes', 1, T1))
      .when(saved(2, 'no', 0, T2))
      .thenRows({
        module_results: [{ started_at: T1, updated_at: T2 }],
        result_answers: [{ answer: 'no', attempts: 2, score: 0, updated_at: T2 }],
      }));

  it('an earlier attempt arriving late changes the activity only', () =>
    spec
      .given(saved(2, 'no', 0, T1))
      .when(saved(1, 'yes', 1, T3))
      .thenRows({
        module_results: [{ started_at: T1, updated_at: T3 }],
        result_answers: [{ answer: 'no', attempts: 2, updated_at: T1 }],
      }));

  it('a teacher’s score and extra attempt stay when the participant answers again', () =>
    spec
      .given(
        saved(1, 'yes', 0, T1),
        scored(1, 'good reasoning', T2),
        event(
          'AttemptGranted',
          { ...ref, attemptsUsed: 1, extraAttempts: 1, attemptsAllowed: 2, grantedBy: 'teacher' },
          { stream, at: T2 },
        ),
      )
      .when(saved(2, 'no', 0, T3))
      .thenRows({
        module_results: [{ updated_at: T3 }],
        result_answers: [
          {
            attempts: 2,
            score: 0,
            feedback: 'good reasoning',
            scored_by: 'teacher',
            scored_at: T2,
            extra_attempts: 1,
          },
        ],
      }));

  it('a teacher’s score is no activity of the participant', () =>
    spec
      .given(saved(1, 'yes', 0, T1))
      .when(scored(1, null, T3))
      .thenRows({
        module_results: [{ updated_at: T1 }],
        result_answers: [{ score: 1, updated_at: T1, scored_at: T3 }],
      }));

  it('an erased participant leaves no row', () =>
    spec
      .given(saved(1, 'yes', 1, T1))
      .when(event('UserDeleted', { userId: 'learner' }))
      .thenRows({ module_results: [], result_answers: [] }));
});
