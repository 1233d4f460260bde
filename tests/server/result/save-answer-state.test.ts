import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleInputSchema } from '../../../events/module/commands';
import { pageInputSchema } from '../../../events/page/commands';
import { allRules, noRules } from '../../../events/permissions';
import { updateResultSchema } from '../../../events/result/commands';
import { createModule } from '../../../server/module/commands';
import { createPage } from '../../../server/page/commands';
import { saveResult } from '../../../server/result/commands';
import { learnerModuleWithHelpers, learnerPageOf, learnerState } from '../../../server/result/queries';
import { grantAttempt, scoreResult } from '../../../server/result/teacher';
import { systemMeta } from '../../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { limitedOpen, unlimitedOpen } from '../../support/questions';
import { addTestUser } from '../../users';

/**
 * A save answers the page's and the module's new state from what it read before and the events it
 * appended, without reading the answers again. That state must be exactly what reading
 * them afresh gives: after answers, drafts, a confirmation, a teacher's feedback and score, an
 * extra attempt, and a save that changes nothing.
 */
describe.each(databaseKinds)('the state a save answers on %s', (kind) => {
  let platform: TestPlatform;
  const owner = { userId: 'owner', roles: ['admin'], rules: allRules() };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  });
  afterAll(async () => {
    await platform?.dispose();
  });

  it('equals a fresh read of the page and the module after every kind of save', async () => {
    const module = await createModule(platform, owner, systemMeta('test'), {
      module: moduleInputSchema.parse({ name: 'Saved state', language: 'en', public: true }),
    });
    const choice = {
      type: 'radio',
      questionType: 'single',
      name: 'pick',
      label: 'Pick one?',
      schema: { attempts: 0 },
      options: [
        { label: 'Yes', value: 'yes', score: 1 },
        { label: 'No', value: 'no', score: 0 },
      ],
    };
    const page = await createPage(platform, owner, systemMeta('test'), {
      parentType: 'module',
      parentPath: module,
      page: pageInputSchema.parse({
        name: 'Questions',
        type: 'question',
        content: [choice, limitedOpen, unlimitedOpen],
      }),
    });
    await createPage(platform, owner, systemMeta('test'), {
      parentType: 'module',
      parentPath: module,
      page: pageInputSchema.parse({ name: 'Next', type: 'question', content: [{ ...choice, name: 'more' }] }),
    });
    const { userId } = await addTestUser(platform);
    const learner = { userId, roles: [], rules: noRules() };
    const db = platform.database.db;
    const fresh = async () => {
      const state = await learnerState(db, learner, module, userId);
      const [pageState, moduleState] = await Promise.all([
        learnerPageOf(db, learner, state, page),
        learnerModuleWithHelpers(db, learner, state),
      ]);
      return { page: pageState, module: moduleState, scoring: moduleState.scoring };
    };
    let clock = Date.parse('2026-11-27T09:00:00Z');
    const meta = () => {
      clock += 1000;
      return { ...systemMeta('test'), actorId: userId, now: new Date(clock) };
    };
    const save = async (answers: Record<string, unknown>, confirm?: string[]) => {
      const answered = await saveResult(platform, learner, meta(), {
        module,
        page,
        result: { answers, ...(confirm ? { confirm } : {}) },
      } as never);
      expect(answered).toEqual(await fresh());
      return answered;
    };

    await save({ pick: 'no', notes: 'first thoughts' });
    await save({ plan: 'a draft' });
    await save({ plan: 'a better draft', notes: 'second thoughts' });
    const confirmed = await save({ plan: 'my plan' }, ['plan']);
    expect(confirmed.page.questions.plan).toMatchObject({ answer: 'my plan', draft: null, attempts: 1 });
    // A teacher scores and gives feedback; the learner's next save keeps both where they belong.
    await scoreResult(
      platform,
      owner,
      systemMeta('test'),
      updateResultSchema.parse({
        user: userId,
        module,
        page,
        result: { scores: { plan: 2 }, feedback: { plan: 'Good start.', notes: 'Keep going.' } },
      }),
    );
    const afterFeedback = await save({ pick: 'yes', notes: 'third thoughts' });
    expect(afterFeedback.page.questions.notes?.feedback).toBe('Keep going.');
    await save({ plan: 'second plan' }, ['plan']);
    // Both attempts spent: refused, until a teacher gives one more.
    await expect(save({ plan: 'over the limit?' })).rejects.toThrow('result.noAttemptsLeft');
    await grantAttempt(platform, owner, systemMeta('test'), { module, user: userId, page, question: 'plan' });
    await save({ plan: 'third plan' }, ['plan']);
    // The same answers again: nothing appended, the state as it is.
    await save({ pick: 'yes', notes: 'third thoughts' });
  }, 120_000);
});
