import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../harness';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * saveResult, latestActivity and the caller's progress fields over GraphQL (spec section 7), with
 * question elements in the contract's shape: the same handlers as tRPC score every answer.
 */
describe.each(databaseKinds)('GraphQL results on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { name: 'Ada Admin', roles: ['admin'] },
    participant: { name: 'Pia Participant' },
  });

  beforeAll(async () => {
    const created = await call('mutation ($doc: JSON!) { createModule(doc: $doc) { success message } }', {
      doc: { name: 'Rights quiz', language: 'en', public: true, gateProgress: true },
    });
    expect(created.data).toMatchObject({ createModule: { success: true } });
    const page = await call('mutation ($doc: JSON!) { createPage(doc: $doc) { success message } }', {
      doc: {
        parentType: 'module',
        parentPath: 'rights-quiz',
        name: 'Questions',
        type: 'question',
        content: [
          {
            name: 'sdg',
            type: 'question',
            questionType: 'radio',
            label: 'Which SDG is about gender equality?',
            options: [
              { label: 'SDG 5', value: 'five', score: 2 },
              { label: 'SDG 13', value: 'thirteen', score: 0 },
            ],
            schema: { autoShow: true, attempts: 1, info: 'SDG 5: gender equality.' },
          },
          {
            name: 'rights',
            type: 'question',
            questionType: 'checkbox',
            label: 'Which are sexual rights?',
            options: [
              { label: 'Bodily autonomy', value: 'autonomy', score: 1 },
              { label: 'Information', value: 'information', score: 1 },
              { label: 'Tax relief', value: 'tax', score: -1 },
            ],
            schema: { attempts: 0 },
          },
          { name: 'why', type: 'question', questionType: 'text', label: 'Why does it matter?', schema: {} },
        ],
      },
    });
    expect(page.data).toMatchObject({ createPage: { success: true } });
  });

  function call(
    query: string,
    variables: Record<string, unknown>,
    who: keyof typeof fx.token | null = 'admin',
  ) {
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return graphql<any>(fx.app, query, { token: who ? fx.token[who] : undefined, variables });
  }
  const saveResult = `mutation ($module: String!, $page: String!, $result: JSON!) {
    saveResult(module: $module, page: $page, result: $result) { success message scoring result completed }
  }`;
  const save = (answers: object, who: keyof typeof fx.token | null = 'participant', headers = {}) =>
    graphql<{
      saveResult: {
        success: boolean;
        message: string;
        scoring: Record<string, Record<string, unknown>>;
        completed: boolean;
      };
    }>(fx.app, saveResult, {
      token: who ? fx.token[who] : undefined,
      headers,
      variables: {
        module: 'rights-quiz',
        page: 'questions',
        result: { answers, confirm: Object.keys(answers) },
      },
    });

  it('stores and returns question elements in the contract shape', async () => {
    const answer = await call('{ page(path: "questions") { content } }', {});
    expect(
      answer.data.page.content.map((e: { type: string; questionType: string }) => e.questionType),
    ).toEqual(['radio', 'checkbox', 'text']);
    expect(answer.data.page.content.every((e: { type: string }) => e.type === 'question')).toBe(true);
  });

  it('scores the answers on the server and answers the scoring by page', async () => {
    const first = await save({ sdg: 'five', rights: ['autonomy', 'tax'] });
    expect(first.errors).toBeUndefined();
    expect(first.data?.saveResult).toMatchObject({
      success: true,
      message: 'The answers are saved.',
      completed: false,
    });
    expect(first.data?.saveResult.scoring).toEqual({
      questions: {
        __score: 2,
        __maxScore: 5,
        sdg: { __score: 2, __maxScore: 2, questionType: 'radio' },
        rights: { __score: 0, __maxScore: 2, questionType: 'checkbox' },
        why: { __score: 0, __maxScore: 1, questionType: 'text' },
      },
    });
    const done = await save({ rights: ['autonomy', 'information'], why: 'Because rights are universal.' });
    expect(done.data?.saveResult).toMatchObject({ success: true, completed: true });
    expect(done.data?.saveResult.scoring.questions?.__score).toBe(4);

    const module = await call(
      '{ module(path: "rights-quiz") { completed ongoing entryPoint result pages { path completed result } } }',
      {},
      'participant',
    );
    expect(module.errors).toBeUndefined();
    expect(module.data.module).toMatchObject({
      completed: true,
      ongoing: false,
      entryPoint: { type: 'result', path: 'rights-quiz' },
      result: {
        answers: {
          questions: {
            sdg: 'five',
            rights: ['autonomy', 'information'],
            why: 'Because rights are universal.',
          },
        },
        score: 4,
        maxScore: 5,
        completed: true,
      },
      pages: [{ path: 'questions', completed: true }],
    });
    expect((await call('{ latestActivity { path name } }', {}, 'participant')).data).toEqual({
      latestActivity: { path: 'rights-quiz', name: 'Rights quiz' },
    });
  });

  it('refuses used-up attempts, bad answers and anonymous callers with a message, writing nothing', async () => {
    const before = await fx.eventCount();
    const locked = await save({ sdg: 'thirteen' }, 'participant', { 'accept-language': 'en' });
    expect(locked.data?.saveResult).toMatchObject({ success: false });
    expect(locked.data?.saveResult.message).toBeTruthy();
    const unknown = await save({ nope: 'x' });
    expect(unknown.data?.saveResult.success).toBe(false);
    const anonymous = await save({ sdg: 'five' }, null);
    expect(anonymous.data?.saveResult.success).toBe(false);
    expect(anonymous.raw).not.toMatch(/stack|select |insert /i);
    expect(await fx.eventCount()).toBe(before);
    expect((await call('{ latestActivity { path } }', {}, null)).data).toEqual({ latestActivity: null });
  });
});
