import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;

/**
 * What a learner's check reveals while attempts remain is a module setting: left out it is
 * 'nothing' (what checks did before it existed), and tRPC, GraphQL and the module's draft carry it.
 */
describe.each(databaseKinds)('a module’s checkReveals on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminToken: string;
  let admin: Headers;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    adminToken = (await addTestUser(platform, { roles: ['admin'] })).token;
    admin = { authorization: `Bearer ${adminToken}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers: admin });
  const query = (procedure: string, input: object) =>
    app.inject({
      url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: admin,
    });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const data = async (response: Promise<{ json: () => any }>) => (await response).json().result.data;
  const viaGraphql = async (path: string) =>
    (
      await graphql<{ module: { checkReveals: string } }>(
        app,
        'query ($path: String!) { module(path: $path) { checkReveals } }',
        { variables: { path }, token: adminToken },
      )
    ).data?.module.checkReveals;

  it('reads nothing for a module created without it', async () => {
    const created = await mutate('module.create', {
      path: 'plain',
      module: { name: 'Plain', language: 'en' },
    });
    expect(created.statusCode).toBe(200);
    expect((await data(query('module.byPath', { path: 'plain' }))).checkReveals).toBe('nothing');
    expect(await viaGraphql('plain')).toBe('nothing');
  });

  it('reads back verdict through tRPC and GraphQL, and keeps it when an update leaves it out', async () => {
    const module = { name: 'Quiz', language: 'en', checkReveals: 'verdict' };
    expect((await mutate('module.create', { path: 'quiz', module })).statusCode).toBe(200);
    expect((await data(query('module.byPath', { path: 'quiz' }))).checkReveals).toBe('verdict');
    const listed = await data(query('module.list', {}));
    expect(listed.find((item: { path: string }) => item.path === 'quiz').checkReveals).toBe('verdict');
    expect(await viaGraphql('quiz')).toBe('verdict');

    const renamed = await graphql<{ updateModule: { success: boolean } }>(
      app,
      'mutation { updateModule(path: "quiz", input: { name: "Quiz 2" }) { success } }',
      { token: adminToken },
    );
    expect(renamed.data?.updateModule.success).toBe(true);
    expect(await viaGraphql('quiz')).toBe('verdict');
  });

  it('takes it as a typed GraphQL input and refuses a value that is none of the four', async () => {
    const create = `mutation ($input: ModuleInput!) { createModule(input: $input) { success module { checkReveals } } }`;
    const made = await graphql<{ createModule: { success: boolean; module: { checkReveals: string } } }>(
      app,
      create,
      {
        variables: { input: { path: 'exam', name: 'Exam', language: 'en', checkReveals: 'answer' } },
        token: adminToken,
      },
    );
    expect(made.data?.createModule).toEqual({ success: true, module: { checkReveals: 'answer' } });
    const refused = await graphql<{ createModule: { success: boolean } }>(app, create, {
      variables: { input: { path: 'wrong', name: 'Wrong', language: 'en', checkReveals: 'everything' } },
      token: adminToken,
    });
    expect(refused.data?.createModule.success).toBe(false);
    expect((await query('module.byPath', { path: 'wrong' })).statusCode).toBe(404);
  });

  it('keeps a changed setting in the draft of a published module until it is published', async () => {
    const draft = { name: 'Quiz', language: 'en', checkReveals: 'feedback' };
    expect((await mutate('module.saveDraft', { path: 'quiz', module: draft })).statusCode).toBe(200);
    expect((await data(query('module.draft', { path: 'quiz' }))).draft.details.checkReveals).toBe('feedback');
    expect((await data(query('module.byPath', { path: 'quiz' }))).checkReveals).toBe('verdict');

    expect((await mutate('module.publishChanges', { path: 'quiz' })).statusCode).toBe(200);
    expect((await data(query('module.byPath', { path: 'quiz' }))).checkReveals).toBe('feedback');
    expect(await viaGraphql('quiz')).toBe('feedback');
  });
});
