import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../harness';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

/** updateResult, resultCSV, Module.activeUsers and Module.result(user) for teachers (docs/guide/results-and-scoring.md). */
describe.each(databaseKinds)('GraphQL teacher results on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { name: 'Ada Admin', roles: ['admin'] },
    participant: { name: 'Pia Participant' },
    stranger: { name: 'Test User' },
  });

  beforeAll(async () => {
    await call('mutation ($doc: JSON!) { createModule(doc: $doc) { success } }', {
      doc: { name: 'Open quiz', language: 'en', public: true },
    });
    const page = await call('mutation ($doc: JSON!) { createPage(doc: $doc) { success message } }', {
      doc: {
        parentType: 'module',
        parentPath: 'open-quiz',
        name: 'Questions',
        type: 'question',
        content: [
          { name: 'why', type: 'question', questionType: 'text', label: 'Why?', schema: { maxScore: 3 } },
        ],
      },
    });
    expect(page.data).toMatchObject({ createPage: { success: true } });
    const saved = await call(
      'mutation ($r: JSON!) { saveResult(module: "open-quiz", page: "questions", result: $r) { success message } }',
      { r: { answers: { why: 'Because rights matter.' } } },
      'participant',
    );
    expect(saved.data).toMatchObject({ saveResult: { success: true } });
  });

  function call(
    query: string,
    variables: Record<string, unknown>,
    who: keyof typeof fx.token | null = 'admin',
  ) {
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return graphql<any>(fx.app, query, { token: who ? fx.token[who] : undefined, variables });
  }
  const updateResult = `mutation ($user: ID!, $result: JSON!) {
    updateResult(user: $user, module: "open-quiz", page: "questions", result: $result) { success message scoring result }
  }`;

  it('updateResult scores and gives feedback; the participant reads it on the page', async () => {
    const scored = await call(updateResult, {
      user: fx.id.participant,
      result: { scores: { why: 2.4 }, feedback: { why: 'Give an example.' } },
    });
    expect(scored.data.updateResult).toMatchObject({
      success: true,
      message: 'The scores and feedback are saved.',
      result: { feedback: { why: 'Give an example.' } },
    });
    expect(scored.data.updateResult.scoring.questions.why.__score).toBe(2);
    const page = await call('{ page(path: "questions") { result } }', {}, 'participant');
    expect(page.data.page.result).toMatchObject({ feedback: { why: 'Give an example.' } });
    expect(page.data.page.result.scoring.why.__score).toBe(2);
  });

  it('refuses other shapes and other people with a message', async () => {
    const shape = await call(updateResult, { user: fx.id.participant, result: { answers: { why: 'x' } } });
    expect(shape.data.updateResult.success).toBe(false);
    expect(shape.data.updateResult.message).toContain('scores');
    const stranger = await call(
      updateResult,
      { user: fx.id.participant, result: { scores: { why: 1 } } },
      'stranger',
    );
    expect(stranger.data.updateResult).toMatchObject({ success: false });
  });

  it('Module.result(user) and activeUsers answer teachers only', async () => {
    const query = `query ($user: ID) { module(path: "open-quiz") { result(user: $user) activeUsers(after: "2020-01-01") { _id name } } }`;
    const teacher = await call(query, { user: fx.id.participant });
    expect(teacher.data.module.result).toMatchObject({
      score: 2,
      feedback: { questions: { why: 'Give an example.' } },
    });
    expect(teacher.data.module.activeUsers).toEqual([{ _id: fx.id.participant, name: 'Pia Participant' }]);
    const stranger = await call(query, { user: fx.id.participant }, 'stranger');
    expect(stranger.data.module).toEqual({ result: null, activeUsers: null });
    const none = await call(
      '{ module(path: "open-quiz") { activeUsers(after: "2020-01-01", before: "2020-02-01") { _id } } }',
      {},
    );
    expect(none.data.module.activeUsers).toEqual([]);
  });

  it('resultCSV returns the same text as the download route', async () => {
    const csv = await call('{ resultCSV(path: "open-quiz") }', {});
    expect(
      csv.data.resultCSV.startsWith(
        '\uFEFF"Id [_id]","Name [name]","E-mail [email]","Started [startedAt]","Last active [updatedAt]","Questions: Why? [questions/why/answer]","Questions: Why? (score) [questions/why]"',
      ),
    ).toBe(true);
    const route = await fx.app.inject({
      url: '/api/results/open-quiz.csv',
      headers: { authorization: `Bearer ${fx.token.admin}` },
    });
    expect(csv.data.resultCSV).toBe(route.body);
    const refused = await call('{ resultCSV(path: "open-quiz") }', {}, 'stranger');
    expect(refused.data?.resultCSV ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
