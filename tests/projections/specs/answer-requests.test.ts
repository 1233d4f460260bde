import { describe, it } from 'vitest';
import { answerRequests } from '../../../projections/result/answer-requests';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule, anAnswer, aPage, aUser } from './fixtures';

describe.each(databaseKinds)('answer_requests on %s', (kind) => {
  const spec = projectionSpec(answerRequests, kind);
  const module = aModule();
  const page = aPage(module);
  const q1 = anAnswer('ann', module, page, 'q1');
  const q2 = anAnswer('ann', module, page, 'q2');
  const key = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a01';
  const answers = `module_result-${module.moduleId}.ann`;
  const drafts = `answer_draft-${module.moduleId}.ann`;

  it('a request is recorded once per stream it was applied to', () =>
    spec
      .given()
      .when(q1.saved(1, 'yes', 1, { key }), q2.saved(1, 'no', 0, { key }), q2.drafted('maybe', { key }))
      .thenRows({
        answer_requests: [
          { user_id: 'ann', idempotency_key: key, stream: answers },
          { user_id: 'ann', idempotency_key: key, stream: drafts },
        ],
      }));

  it('a request without a key records nothing', () =>
    spec
      .given()
      .when(q1.saved(1, 'yes', 1), q1.drafted('x'))
      .thenRows({ answer_requests: [] }));

  it('the same request again changes nothing', () =>
    spec
      .given(q1.saved(1, 'yes', 1, { key }))
      .when(q1.saved(2, 'yes', 1, { key }))
      .thenRows({ answer_requests: [{ stream: answers }] }));

  it('an erased participant’s requests go', () =>
    spec
      .given(q1.saved(1, 'yes', 1, { key }), anAnswer('bob', module, page).saved(1, 'yes', 1, { key }))
      .when(aUser('ann').deleted())
      .thenRows({ answer_requests: [{ user_id: 'bob' }] }));
});
