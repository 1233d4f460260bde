import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, readStream } from '../../events/store';
import { trackingStream } from '../../events/tracking/events';
import { actorNameOf, statementIdOf } from '../../projections/xapi/vocabulary';
import { buildApp } from '../../server/app';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { statementValidator } from '../projections/xapi/schema';
import { addTestUser } from '../users';

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const PUBLIC_URL = 'https://learn.example.org';
const experienced = 'http://adlnet.gov/expapi/verbs/experienced';

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

interface Statement {
  id: string;
  actor: { account: { name: string } };
  verb: { id: string };
  object: { id: string; definition?: { type?: string; name?: Record<string, string> } };
  context?: { contextActivities: { parent: { id: string }[] } };
}

/**
 * tracking.pageSeen (docs/integrating/xapi.md): a module page in front of a participant is a
 * PageSeen in their tracking stream and an xAPI `experienced` statement; refused, and nothing
 * written, where opening the page (`result.page`) is refused.
 */
describe.each(databaseKinds)('module page sightings on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let learner: { userId: string; headers: Headers };
  let stranger: { userId: string; headers: Headers };

  const mutate = (procedure: string, input: object, headers: Headers = {}) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const seen = (module: string, page: string, headers = learner.headers) =>
    mutate('tracking.pageSeen', { module, page }, headers);
  const opened = (module: string, page: string, headers = learner.headers) =>
    app.inject({
      url: `/trpc/result.page?input=${encodeURIComponent(JSON.stringify({ module, page }))}`,
      headers,
    });
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;
  const streamOf = (userId: string) => readStream(platform.database.db, trackingStream(userId));
  const statements = async (query: string) => {
    const response = await app.inject({
      url: `/xapi/statements?${query}`,
      headers: { ...admin, 'x-experience-api-version': '1.0.3' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { statements: Statement[] }).statements;
  };

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { PUBLIC_URL } });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    const one = await addTestUser(platform, { name: 'Lena Learner' });
    const two = await addTestUser(platform, { name: 'Sam Stranger' });
    learner = { userId: one.userId, headers: bearer(one.token) };
    stranger = { userId: two.userId, headers: bearer(two.token) };
    const create = async (path: string, module: object, pages: object[]) => {
      await ok(mutate('module.create', { path, module: { language: 'en', ...module } }, admin));
      for (const page of pages)
        await ok(mutate('page.create', { parentType: 'module', parentPath: path, page }, admin));
    };
    await create('planning', { name: 'Planning' }, [markdown('Intro'), markdown('Methods')]);
    await create('gated', { name: 'Gated', gateProgress: true, gateConfig: ['all-correct'] }, [
      { name: 'Check', type: 'question', content: [radio] },
      markdown('After'),
    ]);
    // Not public: only who is linked to it opens it.
    await create('linked', { name: 'Linked', public: false }, [markdown('Welcome')]);
    const link = { _id: learner.userId, itemType: 'module', itemPath: 'linked', linked: true };
    await ok(mutate('user.link', link, admin));
    await create('closed', { name: 'Closed' }, [markdown('Gone')]);
    await ok(mutate('module.unpublish', { path: 'closed' }, admin));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('records a page opened once, a repeat within the window not, another page apart', async () => {
    const first = await seen('planning', 'intro');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.data).toEqual({ success: true, recorded: true });
    const repeat = await seen('planning', 'intro');
    expect(repeat.json().result.data).toEqual({ success: true, recorded: false });
    expect((await seen('planning', 'methods')).json().result.data.recorded).toBe(true);

    const events = await streamOf(learner.userId);
    expect(events.map((event) => event.type)).toEqual(['PageSeen', 'PageSeen']);
    expect(events[0]!.data).toEqual({
      userId: learner.userId,
      moduleId: expect.any(String),
      modulePath: 'planning',
      pageId: expect.any(String),
      pagePath: 'intro',
      at: expect.any(String),
    });
    expect(Math.abs(Date.parse((events[0]!.data as { at: string }).at) - Date.now())).toBeLessThan(60_000);
    // Nothing personal beyond the id.
    expect(JSON.stringify(events)).not.toContain('Lena');
  });

  it('keeps pages out of the log of the seven categories', async () => {
    const response = await app.inject({
      url: `/trpc/tracking.log?input=${encodeURIComponent(JSON.stringify({ user: learner.userId }))}`,
      headers: admin,
    });
    const { tracking } = response.json().result.data as { tracking: Record<string, unknown[]> };
    expect(Object.keys(tracking).sort()).toEqual(
      ['breakoutrooms', 'certificates', 'classrooms', 'courses', 'files', 'recordings', 'sections'].sort(),
    );
    expect(Object.values(tracking).flat()).toEqual([]);
  });

  it('opens a linked module page for its participant, and refuses it to who may not open it', async () => {
    expect((await seen('linked', 'welcome')).json().result.data.recorded).toBe(true);
    const before = await eventCount();
    const refusals: [string, string, Headers, number][] = [
      // Not linked: the module does not exist for them, as result.page says.
      ['linked', 'welcome', stranger.headers, 404],
      ['planning', 'no-such-page', learner.headers, 404],
      ['no-such-module', 'intro', learner.headers, 404],
      // Behind a closed gate (the first page's question unanswered).
      ['gated', 'after', learner.headers, 403],
      // Unpublished: blocked.
      ['closed', 'gone', learner.headers, 403],
      ['planning', 'intro', {}, 401],
    ];
    for (const [module, page, headers, status] of refusals) {
      const refused = await seen(module, page, headers);
      expect(refused.statusCode, `${module}/${page}: ${refused.body}`).toBe(status);
      // The same answer as opening the page gives.
      expect((await opened(module, page, headers)).statusCode, `${module}/${page}`).toBe(status);
    }
    expect((await seen('Not A Path', 'intro')).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await streamOf(stranger.userId)).toEqual([]);
  });

  it('opens the gated page once the gate opens', async () => {
    const saved = mutate(
      'result.save',
      { module: 'gated', page: 'check', result: { answers: { sdg: 'five' } } },
      learner.headers,
    );
    await ok(saved);
    expect((await seen('gated', 'after')).json().result.data.recorded).toBe(true);
  });

  it('makes an experienced statement of the page, its module as parent, with the id its event gives', async () => {
    const mine = (await statements(`verb=${encodeURIComponent(experienced)}&ascending=true`)).filter(
      (statement) => statement.actor.account.name === actorNameOf(learner.userId),
    );
    expect(mine.map((statement) => statement.object.id)).toEqual([
      `${PUBLIC_URL}/module/planning/intro`,
      `${PUBLIC_URL}/module/planning/methods`,
      `${PUBLIC_URL}/module/linked/welcome`,
      `${PUBLIC_URL}/module/gated/after`,
    ]);
    const validate = statementValidator();
    for (const statement of mine) expect(validate(statement), JSON.stringify(validate.errors)).toBe(true);
    const [intro] = mine;
    expect(intro!.object.definition).toEqual({
      type: 'http://adlnet.gov/expapi/activities/lesson',
      // Its title, in its module's language.
      name: { en: 'Intro' },
    });
    expect(intro!.context?.contextActivities.parent.map((parent) => parent.id)).toEqual([
      `${PUBLIC_URL}/module/planning`,
    ]);
    const [event] = await streamOf(learner.userId);
    expect(intro!.id).toBe(statementIdOf(event!.stream, event!.version, 'experienced'));
    // The page is an activity of its own: the activity filter finds it.
    const byActivity = await statements(
      `activity=${encodeURIComponent(`${PUBLIC_URL}/module/planning/intro`)}`,
    );
    expect(byActivity.map((statement) => statement.id)).toEqual([intro!.id]);
  });

  it("voids a person's page statements when they are erased", async () => {
    const person = await addTestUser(platform);
    expect((await seen('planning', 'intro', bearer(person.token))).statusCode).toBe(200);
    const name = actorNameOf(person.userId);
    const listed = async () =>
      (await statements(`verb=${encodeURIComponent(experienced)}`)).filter(
        (statement) => statement.actor.account.name === name,
      );
    const [statement] = await listed();
    expect(statement?.object.id).toBe(`${PUBLIC_URL}/module/planning/intro`);
    await ok(mutate('user.delete', { _id: person.userId }, admin));
    expect(await listed()).toEqual([]);
    const voiding = await statements(`verb=${encodeURIComponent('http://adlnet.gov/expapi/verbs/voided')}`);
    expect(voiding.map((entry) => entry.object.id)).toContain(statement!.id);
  });
});
