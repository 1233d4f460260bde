import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftStream, resultStream } from '../../../events/result/events';
import { readStream } from '../../../events/store';
import { buildApp } from '../../../server/app';
import { graphql } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { limitedOpen, unlimitedOpen } from '../../support/questions';
import { addTestUser } from '../../users';

type Headers = Record<string, string>;

const radio = {
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: 'Which SDG is about gender equality?',
  schema: { attempts: 2 },
  options: [
    { label: 'SDG 5', value: 'five', score: 1 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
    { label: 'SDG 1', value: 'one', score: 0 },
  ],
};

/**
 * A save with an idempotency key (docs/adr/0008-saves-carry-an-idempotency-key.md) is applied at
 * most once per participant, however often and however concurrently a device's answer queue sends
 * it, and a replay answers like a success.
 */
describe.each(databaseKinds)('idempotent saves on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let learner: { userId: string; token: string; headers: Headers };
  let other: { userId: string; token: string; headers: Headers };
  let moduleId: string;

  beforeAll(async () => {
    // With the default request limits: 50 requests at once from one user share one lease of the
    // limit (server/plugins/request-limits.ts), as a learner's queue sending again would.
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    const admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    const person = async () => {
      const user = await addTestUser(platform);
      return { ...user, headers: { authorization: `Bearer ${user.token}` } };
    };
    learner = await person();
    other = await person();
    const created = await app.inject({
      method: 'POST',
      url: '/trpc/module.create',
      payload: { path: 'queue', module: { language: 'en', name: 'Queue' } },
      headers: admin,
    });
    expect(created.statusCode).toBe(200);
    const page = await app.inject({
      method: 'POST',
      url: '/trpc/page.create',
      payload: {
        parentType: 'module',
        parentPath: 'queue',
        page: { name: 'Questions', type: 'question', content: [radio, limitedOpen, unlimitedOpen] },
      },
      headers: admin,
    });
    expect(page.statusCode).toBe(200);
    const byPath = await app.inject({
      url: `/trpc/module.byPath?input=${encodeURIComponent(JSON.stringify({ path: 'queue' }))}`,
      headers: admin,
    });
    moduleId = byPath.json().result.data.moduleId;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const save = (
    answers: object,
    confirm: string[],
    idempotencyKey: string | undefined,
    who: { headers: Headers } = learner,
  ) =>
    app.inject({
      method: 'POST',
      url: '/trpc/result.save',
      payload: { module: 'queue', page: 'questions', result: { answers, confirm }, idempotencyKey },
      headers: who.headers,
    });
  const events = async (userId = learner.userId) => ({
    answers: await readStream(platform.database.db, resultStream(moduleId, userId)),
    drafts: await readStream(platform.database.db, draftStream(moduleId, userId)),
  });

  it('50 parallel copies of one confirmation append one answer, and all 50 answer alike', async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => save({ sdg: 'thirteen' }, ['sdg'], key)),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.data.page.questions.sdg).toMatchObject({
        attempts: 1,
        answer: 'thirteen',
      });
    }
    const { answers } = await events();
    expect(answers).toHaveLength(1);
    expect(answers[0]!.data).toMatchObject({ question: 'sdg', answer: 'thirteen', idempotencyKey: key });
  });

  it('a replay after a later confirmation changes nothing and is not refused', async () => {
    const first = (await events()).answers[0]!.data as { idempotencyKey: string };
    const second = await save({ sdg: 'one' }, ['sdg'], randomUUID());
    expect(second.json().result.data.page.questions.sdg).toMatchObject({ attempts: 2, locked: true });
    // Without the key this would be a third attempt at 'thirteen', refused: no attempts left.
    const replays = await Promise.all(
      Array.from({ length: 50 }, () => save({ sdg: 'thirteen' }, ['sdg'], first.idempotencyKey)),
    );
    for (const replay of replays) {
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json().result.data.page.questions.sdg).toMatchObject({ attempts: 2, answer: 'one' });
    }
    expect((await events()).answers.map((event) => (event.data as { answer: string }).answer)).toEqual([
      'thirteen',
      'one',
    ]);
  });

  it('a replayed draft does not overwrite the text typed after it', async () => {
    const early = randomUUID();
    await Promise.all(Array.from({ length: 50 }, () => save({ plan: 'We will' }, [], early)));
    expect((await events()).drafts).toHaveLength(1);
    await save({ plan: 'We will train midwives' }, [], randomUUID());
    const replay = await save({ plan: 'We will' }, [], early);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().result.data.page.questions.plan.draft).toBe('We will train midwives');
    const { drafts } = await events();
    expect(drafts.map((event) => (event.data as { answer: string }).answer)).toEqual([
      'We will',
      'We will train midwives',
    ]);
  });

  it('a save touching answers and drafts is applied once to each', async () => {
    const key = randomUUID();
    const before = await events();
    const answers = { notes: 'A first note', plan: 'We will train midwives and nurses' };
    await Promise.all(Array.from({ length: 10 }, () => save(answers, [], key)));
    await save({ notes: 'A second note', plan: 'Something else' }, [], randomUUID());
    expect((await save(answers, [], key)).statusCode).toBe(200);
    const after = await events();
    expect(after.answers.length - before.answers.length).toBe(2);
    expect(after.drafts.length - before.drafts.length).toBe(2);
    const { rows } = await sql<{ stream: string }>`
      select stream from answer_requests where idempotency_key = ${key} order by stream`.execute(
      platform.database.db,
    );
    expect(rows.map((row) => row.stream)).toEqual(
      [draftStream(moduleId, learner.userId), resultStream(moduleId, learner.userId)].sort(),
    );
  });

  it('keys are per participant: the same key from someone else is their own save', async () => {
    const key = randomUUID();
    await save({ notes: 'Mine' }, [], key);
    const theirs = await save({ notes: 'Theirs' }, [], key, other);
    expect(theirs.json().result.data.page.questions.notes).toMatchObject({ answer: 'Theirs', attempts: 1 });
    expect((await events(other.userId)).answers).toHaveLength(1);
  });

  it('saves without a key behave as before, and a key must be a UUID', async () => {
    const before = (await events()).answers.length;
    await save({ notes: 'No key' }, [], undefined);
    await save({ notes: 'No key' }, [], undefined);
    expect((await events()).answers.length - before).toBe(1);
    expect((await save({ notes: 'Bad key' }, [], 'not-a-uuid')).statusCode).toBe(400);
  });

  it('GraphQL saveResult takes the same key', async () => {
    const key = randomUUID();
    const mutation = `mutation ($result: JSON, $key: String) {
      saveResult(module: "queue", page: "questions", result: $result, idempotencyKey: $key) { success }
    }`;
    const variables = { result: { answers: { notes: 'From GraphQL' } }, key };
    const before = (await events()).answers.length;
    for (let i = 0; i < 3; i += 1) {
      const answer = await graphql<{ saveResult: { success: boolean } }>(app, mutation, {
        token: learner.token,
        variables,
      });
      expect(answer.data?.saveResult.success, JSON.stringify(answer)).toBe(true);
    }
    await save({ notes: 'Changed since' }, [], randomUUID());
    await graphql(app, mutation, { token: learner.token, variables });
    const notes = (await events()).answers
      .slice(before)
      .map((event) => (event.data as { answer: string }).answer);
    expect(notes).toEqual(['From GraphQL', 'Changed since']);
  });
});

describe('a key is still known after the platform restarts on the same data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idempotency-restart-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a replay after a restart changes nothing', async () => {
    let platform = await startTestPlatform('pglite', { dataDir });
    let app = await buildApp(platform);
    try {
      const admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
      const person = await addTestUser(platform);
      const headers = { authorization: `Bearer ${person.token}` };
      for (const [url, payload] of [
        ['/trpc/module.create', { path: 'restart', module: { language: 'en', name: 'Restart' } }],
        [
          '/trpc/page.create',
          {
            parentType: 'module',
            parentPath: 'restart',
            page: { name: 'Q', type: 'question', content: [radio] },
          },
        ],
      ] as const)
        expect((await app.inject({ method: 'POST', url, payload, headers: admin })).statusCode).toBe(200);
      const save = (answer: string, idempotencyKey: string) =>
        app.inject({
          method: 'POST',
          url: '/trpc/result.save',
          payload: {
            module: 'restart',
            page: 'q',
            result: { answers: { sdg: answer }, confirm: ['sdg'] },
            idempotencyKey,
          },
          headers,
        });
      const first = randomUUID();
      expect((await save('thirteen', first)).statusCode).toBe(200);
      await app.close();
      await platform.dispose();

      platform = await startTestPlatform('pglite', { dataDir });
      app = await buildApp(platform);
      expect((await save('one', randomUUID())).statusCode).toBe(200);
      const replay = await save('thirteen', first);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json().result.data.page.questions.sdg).toMatchObject({ attempts: 2, answer: 'one' });
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from events where type = 'AnswerSaved'`.execute(platform.database.db);
      expect(rows[0]!.n).toBe(2);
    } finally {
      await app.close();
      await platform.dispose();
    }
  });
});
