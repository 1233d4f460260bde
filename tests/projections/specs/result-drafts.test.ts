import { describe, it } from 'vitest';
import { resultDrafts } from '../../../projections/result/result-drafts';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule, anAnswer, aPage, aUser } from './fixtures';

describe.each(databaseKinds)('result_drafts on %s', (kind) => {
  const spec = projectionSpec(resultDrafts, kind);
  const module = aModule();
  const page = aPage(module);
  const q1 = anAnswer('ann', module, page, 'q1');
  const q2 = anAnswer('ann', module, page, 'q2');
  const T1 = '2026-11-24T08:00:00.000Z';
  const T2 = '2026-11-24T08:05:00.000Z';

  it('a draft is the question’s row; a later draft replaces it', () =>
    spec
      .given(q1.drafted('first thought', { at: T1 }))
      .when(q1.drafted('second thought', { at: T2 }), q2.drafted('other', { at: T1 }))
      .thenRows({
        result_drafts: [
          {
            user_id: 'ann',
            module_id: module.moduleId,
            page_path: 'washing',
            question: 'q1',
            answer: 'second thought',
            updated_at: T2,
          },
          { question: 'q2', answer: 'other' },
        ],
      }));

  it('a confirmed answer removes the question’s draft, not the others', () =>
    spec
      .given(q1.drafted('a'), q2.drafted('b'))
      .when(q1.saved(1, 'yes', 1))
      .thenRows({ result_drafts: [{ question: 'q2', answer: 'b' }] }));

  it('a draft after the answer is kept (a run of both: the last one counts)', () =>
    spec
      .given()
      .when(q1.drafted('a'), q1.saved(1, 'yes', 1), q1.drafted('again'))
      .thenRows({ result_drafts: [{ question: 'q1', answer: 'again' }] }));

  it('many answers in one run (a replay) remove exactly their drafts', () => {
    const answers = Array.from({ length: 25 }, (_, index) => anAnswer('ann', module, page, `many-${index}`));
    return spec
      .given(...answers.map((answer) => answer.drafted('draft')), q1.drafted('kept'))
      .when(...answers.map((answer) => answer.saved(1, 'yes', 1)))
      .thenRows({ result_drafts: [{ question: 'q1', answer: 'kept' }] });
  });

  it('an erased participant leaves no draft, another keeps theirs', () =>
    spec
      .given(q1.drafted('a'), anAnswer('bob', module, page).drafted('b'))
      .when(aUser('ann').deleted())
      .thenRows({ result_drafts: [{ user_id: 'bob' }] }));
});
