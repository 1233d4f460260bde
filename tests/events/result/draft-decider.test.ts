import { describe, it } from 'vitest';
import { openQuestionSchema, type QuestionElement, singleChoiceSchema } from '../../../events/page/content';
import type { SaveDrafts } from '../../../events/result/commands';
import { draftDecider } from '../../../events/result/draft-decider';
import type { DraftEvent } from '../../../events/result/events';
import { sdgChoice } from '../../support/questions';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(draftDecider);
const ref = {
  userId: 'user-1',
  moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0001',
  modulePath: 'kaders',
  pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0002',
  pagePath: 'controlevraag',
};
const limited: QuestionElement = singleChoiceSchema.parse(sdgChoice);
const unlimited: QuestionElement = openQuestionSchema.parse({
  type: 'textarea',
  questionType: 'open',
  name: 'why',
  label: 'Why?',
  schema: { attempts: 0, maxScore: 2 },
});
const draft = (
  drafts: Record<string, unknown>,
  current: SaveDrafts['data']['current'] = {},
  request = { idempotencyKey: null as string | null, alreadyApplied: false },
): SaveDrafts => ({
  type: 'SaveDrafts',
  data: { ...ref, ...request, questions: [limited, unlimited], drafts, current },
});
const drafted = (answer: string, idempotencyKey: string | null = null): DraftEvent => ({
  type: 'AnswerDrafted',
  data: { ...ref, question: 'sdg', questionType: 'single', answer, idempotencyKey },
});
const key = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a00ff';

describe('draft decider', () => {
  it('a changed choice becomes a draft, whatever came before', () =>
    spec([])
      .when(draft({ sdg: 'thirteen' }, { sdg: 'five' }))
      .thenEvents([drafted('thirteen')]));
  it("carries the request's idempotency key", () =>
    spec([])
      .when(draft({ sdg: 'thirteen' }, {}, { idempotencyKey: key, alreadyApplied: false }))
      .thenEvents([drafted('thirteen', key)]));
  it('a replayed request changes nothing: the later draft stays', () =>
    spec([])
      .when(draft({ sdg: 'thirteen' }, { sdg: 'five' }, { idempotencyKey: key, alreadyApplied: true }))
      .thenEvents([]));
  it('the same draft again decides nothing', () =>
    spec([])
      .when(draft({ sdg: 'five' }, { sdg: 'five' }))
      .thenEvents([]));
  it('questions with unlimited attempts have no drafts', () =>
    spec([])
      .when(draft({ why: 'Because' }))
      .thenEvents([]));
  it('checks the shape like an answer', () =>
    spec([])
      .when(draft({ sdg: 'seven' }))
      .thenThrows('INVALID', 'result.invalidAnswer'));
  it('refuses a question the page does not have', () =>
    spec([])
      .when(draft({ other: 'five' }))
      .thenThrows('INVALID', 'result.unknownQuestion'));
});
