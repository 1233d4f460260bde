import { describe, it } from 'vitest';
import { moduleResults } from '../../../projections/result/module-results';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule, anAnswer, aPage, aUser } from './fixtures';

/** The rules themselves are tested without a database in tests/projections/result/answer-rules.test.ts. */
describe.each(databaseKinds)('module_results on %s', (kind) => {
  const spec = projectionSpec(moduleResults, kind);
  const module = aModule();
  const page = aPage(module);
  const q1 = anAnswer('ann', module, page, 'q1');
  const q2 = anAnswer('ann', module, page, 'q2');
  const T1 = '2026-11-24T08:00:00.000Z';
  const T2 = '2026-11-24T08:05:00.000Z';
  const T3 = '2026-11-24T08:10:00.000Z';

  it('a first answer starts the module and is the question’s row', () =>
    spec
      .given()
      .when(q1.saved(1, 'yes', 1, { at: T1 }))
      .thenRows({
        module_results: [
          {
            user_id: 'ann',
            module_id: module.moduleId,
            module_path: 'hygiene',
            started_at: T1,
            updated_at: T1,
          },
        ],
        result_answers: [
          {
            page_id: page.pageId,
            page_path: 'washing',
            question: 'q1',
            question_type: 'single',
            answer: 'yes',
            attempts: 1,
            score: 1,
            max_score: 1,
            extra_attempts: 0,
            feedback: null,
          },
        ],
      }));

  it('a later attempt replaces the answer and moves the end of the activity', () =>
    spec
      .given(q1.saved(1, 'yes', 1, { at: T1 }), q2.saved(1, 'no', 0, { at: T1 }))
      .when(q1.saved(2, 'no', 0, { at: T2 }))
      .thenRows({
        module_results: [{ started_at: T1, updated_at: T2 }],
        result_answers: [
          { question: 'q1', answer: 'no', attempts: 2, score: 0, updated_at: T2 },
          { question: 'q2', answer: 'no', attempts: 1, updated_at: T1 },
        ],
      }));

  it('an earlier attempt arriving late changes the activity only', () =>
    spec
      .given(q1.saved(2, 'no', 0, { at: T1 }))
      .when(q1.saved(1, 'yes', 1, { at: T3 }))
      .thenRows({
        module_results: [{ started_at: T1, updated_at: T3 }],
        result_answers: [{ answer: 'no', attempts: 2, updated_at: T1 }],
      }));

  it('a teacher’s feedback and extra attempt stay when the participant answers again; the score waits again', () =>
    spec
      .given(
        q1.saved(1, 'yes', 0, { at: T1 }),
        q1.scored(1, 'good reasoning', { at: T2 }),
        q1.granted(1, { at: T2 }),
      )
      .when(q1.saved(2, 'no', 0, { at: T3 }))
      .thenRows({
        module_results: [{ updated_at: T3 }],
        result_answers: [
          {
            attempts: 2,
            score: 0,
            feedback: 'good reasoning',
            scored_by: null,
            scored_at: null,
            extra_attempts: 1,
          },
        ],
      }));

  it('a teacher’s score is no activity of the participant; a score without an answer makes no row', () =>
    spec
      .given(q1.saved(1, 'yes', 0, { at: T1 }))
      .when(q1.scored(1, null, { at: T3 }), q2.scored(1, 'nothing to score', { at: T3 }), q2.granted(1))
      .thenRows({
        module_results: [{ updated_at: T1 }],
        result_answers: [{ question: 'q1', score: 1, updated_at: T1, scored_at: T3 }],
      }));

  it('feedback alone scores nothing: the answer stays unscored', () =>
    spec
      .given(q1.saved(1, 'yes', 0, { at: T1 }))
      .when(q1.scored(0, 'say more', { at: T2, scored: false }))
      .thenRows({ result_answers: [{ score: 0, feedback: 'say more', scored_by: null, scored_at: null }] }));

  it('a draft is no answer', () =>
    spec.given().when(q1.drafted('thinking')).thenRows({ module_results: [], result_answers: [] }));

  it('an erased participant leaves no row, another keeps theirs', () =>
    spec
      .given(q1.saved(1, 'yes', 1), anAnswer('bob', module, page).saved(1, 'no', 0))
      .when(aUser('ann').deleted())
      .thenRows({ module_results: [{ user_id: 'bob' }], result_answers: [{ user_id: 'bob' }] }));
});
