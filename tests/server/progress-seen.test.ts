import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

const radio = {
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: 'Which SDG is about gender equality?',
  schema: {},
  options: [
    { label: 'SDG 5', value: 'five', score: 1 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
  ],
};
const markdown = (name: string) => ({
  name,
  type: 'markdown',
  content: [{ type: 'markdown', name: 'text', text: `${name}.` }],
});

interface PageProgress {
  path: string;
  completed: boolean;
  seen: boolean;
}

/**
 * result.module's `seen` per page: a page the participant had in front of them (tracking.pageSeen)
 * is seen for them, and for nobody else.
 */
describe.each(databaseKinds)('pages seen in the learner module state on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let learner: Headers;
  let other: Headers;

  const mutate = (procedure: string, input: object, headers: Headers) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const pagesOf = async (module: string, headers: Headers) => {
    const response = await app.inject({
      url: `/trpc/result.module?input=${encodeURIComponent(JSON.stringify({ module }))}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const pages = (response.json() as { result: { data: { pages: PageProgress[] } } }).result.data.pages;
    return Object.fromEntries(pages.map((page) => [page.path, page.seen]));
  };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    learner = bearer((await addTestUser(platform, { name: 'Lena Learner' })).token);
    other = bearer((await addTestUser(platform, { name: 'Omar Other' })).token);
    for (const [path, name] of [
      ['planning', 'Planning'],
      ['budget', 'Budget'],
    ] as const) {
      await ok(mutate('module.create', { path, module: { name, language: 'en' } }, admin));
      for (const page of [markdown('Intro'), { name: 'Check', type: 'question', content: [radio] }])
        await ok(mutate('page.create', { parentType: 'module', parentPath: path, page }, admin));
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('marks a page seen for the participant who opened it only, in that module only', async () => {
    expect(await pagesOf('planning', learner)).toEqual({ intro: false, check: false });
    await ok(mutate('tracking.pageSeen', { module: 'planning', page: 'intro' }, learner));

    expect(await pagesOf('planning', learner)).toEqual({ intro: true, check: false });
    // Another participant's token reads their own sightings: none.
    expect(await pagesOf('planning', other)).toEqual({ intro: false, check: false });
    // A page of the same name in another module is another page.
    expect(Object.values(await pagesOf('budget', learner))).toEqual([false, false]);

    await ok(mutate('tracking.pageSeen', { module: 'planning', page: 'check' }, other));
    expect(await pagesOf('planning', other)).toEqual({ intro: false, check: true });
    expect(await pagesOf('planning', learner)).toEqual({ intro: true, check: false });
  });

  it('keeps a questions page incomplete when only seen: its questions decide', async () => {
    const response = await app.inject({
      url: `/trpc/result.module?input=${encodeURIComponent(JSON.stringify({ module: 'planning' }))}`,
      headers: other,
    });
    const pages = (response.json() as { result: { data: { pages: PageProgress[] } } }).result.data.pages;
    expect(pages.find((page) => page.path === 'check')).toMatchObject({ seen: true, completed: false });
  });
});
