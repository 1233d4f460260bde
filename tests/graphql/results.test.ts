import { beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { databaseKinds } from '../harness';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * saveResult, latestActivity and the caller's progress fields over GraphQL, with
 * question elements in the contract's shape: the same handlers as tRPC score every answer. The
 * contract's call `saveResult(module, page, result)` is an answer; drafts are asked for with `draft`.
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
        result: { answers },
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

/**
 * The contract's saveResult on questions with limited attempts: without extra arguments every
 * answer is scored, spends an attempt and completes the page; `draft: true` keeps drafts instead.
 */
describe.each(databaseKinds)('GraphQL saveResult and attempts on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { name: 'Ada Admin', roles: ['admin'] },
    participant: { name: 'Pia Participant' },
  });
  const question = (name: string, attempts: number) => ({
    name,
    type: 'question',
    questionType: 'radio',
    label: `Question ${name}`,
    options: [
      { label: 'Right', value: 'right', score: 1 },
      { label: 'Wrong', value: 'wrong', score: 0 },
    ],
    schema: { attempts, info: 'No attempts left.' },
  });

  beforeAll(async () => {
    const admin = { token: fx.token.admin };
    const created = await graphql(
      fx.app,
      'mutation ($doc: JSON!) { createModule(doc: $doc) { success message } }',
      { ...admin, variables: { doc: { name: 'Attempts', language: 'en', public: true } } },
    );
    expect(created.data).toMatchObject({ createModule: { success: true } });
    for (const [name, content] of [
      ['Capital', [question('capital', 2)]],
      ['Colour', [question('colour', 1)]],
      [
        'Reason',
        [{ name: 'reason', type: 'question', questionType: 'text', label: 'Why?', schema: { attempts: 1 } }],
      ],
    ] as const) {
      const page = await graphql(
        fx.app,
        'mutation ($doc: JSON!) { createPage(doc: $doc) { success message } }',
        {
          ...admin,
          variables: {
            doc: { parentType: 'module', parentPath: 'attempts', name, type: 'question', content },
          },
        },
      );
      expect(page.data).toMatchObject({ createPage: { success: true } });
    }
  });

  const mutation = `mutation ($page: String!, $result: JSON!, $draft: Boolean) {
    saveResult(module: "attempts", page: $page, result: $result, draft: $draft) { success message scoring completed result }
  }`;
  type Saved = {
    saveResult: {
      success: boolean;
      message: string;
      scoring: Record<string, Record<string, { __score: number; __maxScore: number } | number>>;
      result: { answers: Record<string, unknown> } | null;
    };
  };
  const save = (page: string, result: object, draft?: boolean) =>
    graphql<Saved>(fx.app, mutation, {
      token: fx.token.participant,
      variables: { page, result, ...(draft === undefined ? {} : { draft }) },
    });
  const pageCompleted = async (page: string) => {
    const answer = await graphql<{ page: { completed: boolean } }>(
      fx.app,
      `{ page(path: "${page}") { completed } }`,
      { token: fx.token.participant },
    );
    return answer.data?.page.completed;
  };
  /** The participant's counted answers to a question, as the log holds them: the attempts spent. */
  const attemptsOf = async (question: string) =>
    (await readAll(fx.platform.database.db, 0, 100_000))
      .filter((event) => event.type === 'AnswerSaved')
      .map((event) => event.data as { question: string; attempt: number; score: number })
      .filter((data) => data.question === question)
      .map(({ attempt, score }) => ({ attempt, score }));

  it('scores a wrong and then a right answer, each an attempt completing the page, and refuses a third', async () => {
    // `confirm` as the platform's own screen sends it changes nothing without `draft`.
    const wrong = await save('capital', { answers: { capital: 'wrong' }, confirm: [] });
    expect(wrong.errors).toBeUndefined();
    expect(wrong.data?.saveResult).toMatchObject({ success: true, message: 'The answers are saved.' });
    expect(wrong.data?.saveResult.scoring.capital).toEqual({
      __score: 0,
      __maxScore: 1,
      capital: { __score: 0, __maxScore: 1, questionType: 'radio' },
    });
    expect(wrong.data?.saveResult.result?.answers).toEqual({ capital: 'wrong' });
    expect(await pageCompleted('capital')).toBe(true);
    expect(await attemptsOf('capital')).toEqual([{ attempt: 1, score: 0 }]);

    const right = await save('capital', { answers: { capital: 'right' } });
    expect(right.data?.saveResult.success).toBe(true);
    expect(right.data?.saveResult.scoring.capital).toMatchObject({ __score: 1, __maxScore: 1 });
    expect(await pageCompleted('capital')).toBe(true);
    expect(await attemptsOf('capital')).toEqual([
      { attempt: 1, score: 0 },
      { attempt: 2, score: 1 },
    ]);

    const before = await fx.eventCount();
    const third = await save('capital', { answers: { capital: 'wrong' } });
    expect(third.data?.saveResult.success).toBe(false);
    expect(third.data?.saveResult.message).toBeTruthy();
    expect(await fx.eventCount()).toBe(before);
  });

  it('keeps drafts only with draft: true, counting what confirm names; an empty answer spends nothing', async () => {
    const draft = await save('colour', { answers: { colour: 'wrong' } }, true);
    expect(draft.data?.saveResult.success).toBe(true);
    expect(draft.data?.saveResult.scoring.colour).toMatchObject({ __score: 0 });
    expect(draft.data?.saveResult.result?.answers).toEqual({});
    expect(await pageCompleted('colour')).toBe(false);
    expect(await attemptsOf('colour')).toEqual([]);

    const checked = await save('colour', { answers: { colour: 'right' }, confirm: ['colour'] }, true);
    expect(checked.data?.saveResult.success).toBe(true);
    expect(checked.data?.saveResult.scoring.colour).toMatchObject({ __score: 1, __maxScore: 1 });
    expect(await pageCompleted('colour')).toBe(true);
    expect(await attemptsOf('colour')).toEqual([{ attempt: 1, score: 1 }]);

    const empty = await save('reason', { answers: { reason: ' ' } });
    expect(empty.data?.saveResult.success).toBe(true);
    expect(await pageCompleted('reason')).toBe(false);
    expect(await attemptsOf('reason')).toEqual([]);
    const given = await save('reason', { answers: { reason: 'Because it matters.' } });
    expect(given.data?.saveResult.success).toBe(true);
    expect(await pageCompleted('reason')).toBe(true);
    expect(await attemptsOf('reason')).toEqual([{ attempt: 1, score: 0 }]);
  });
});
