import { describe, expect, it } from 'vitest';
import { applyUpcasters } from '../../../events/registry';
import { AnswerDrafted, AnswerSaved } from '../../../events/result/events';

const ref = {
  userId: 'user-1',
  moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0001',
  modulePath: 'kaders',
  pageId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0002',
  pagePath: 'controlevraag',
  question: 'sdg',
};

describe('answer events carry the idempotency key of their request (version 2)', () => {
  it('a version 1 answer reads with key null and validates as version 2', () => {
    expect(AnswerSaved.schemaVersion).toBe(2);
    const v1 = { ...ref, questionType: 'single', answer: 'five', attempt: 1, score: 1, maxScore: 1 };
    const upcast = applyUpcasters(AnswerSaved, 1, v1);
    expect(upcast).toEqual({ ...v1, idempotencyKey: null });
    expect(AnswerSaved.schema.parse(upcast)).toEqual(upcast);
  });
  it('a version 1 draft reads with key null and validates as version 2', () => {
    expect(AnswerDrafted.schemaVersion).toBe(2);
    const v1 = { ...ref, questionType: 'open', answer: 'We will' };
    const upcast = applyUpcasters(AnswerDrafted, 1, v1);
    expect(upcast).toEqual({ ...v1, idempotencyKey: null });
    expect(AnswerDrafted.schema.parse(upcast)).toEqual(upcast);
  });
  it('a key is a UUID, and a version 2 event must state it (null: no key)', () => {
    const draft = { ...ref, questionType: 'open', answer: 'We will' };
    expect(AnswerDrafted.schema.safeParse(draft).success).toBe(false);
    expect(AnswerDrafted.schema.safeParse({ ...draft, idempotencyKey: 'again' }).success).toBe(false);
    const key = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a00ff';
    expect(AnswerDrafted.schema.parse({ ...draft, idempotencyKey: key }).idempotencyKey).toBe(key);
  });
});
