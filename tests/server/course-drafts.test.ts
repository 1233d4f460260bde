import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/**
 * Drafts of a published course's settings (docs/adr/0019-drafts-of-live-content.md): learners keep
 * the live name and information on every read path until the course's editors publish the draft.
 */
describe.each(databaseKinds)('drafts of a published course’s settings on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let author: Headers;
  let otherTeacher: Headers;
  let learner: Headers;
  let learnerToken: string;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    const admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    const owner = await addTestUser(platform, { roles: ['teacher'] });
    author = bearer(owner.token);
    otherTeacher = bearer((await addTestUser(platform, { roles: ['teacher'] })).token);
    learnerToken = (await addTestUser(platform)).token;
    learner = bearer(learnerToken);
    await mutate(
      'course.create',
      { path: 'consent', course: { name: 'Consent', language: 'en', info: 'About consent.' } },
      admin,
    );
    await mutate('course.addOwner', { path: 'consent', userId: owner.userId }, admin);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Headers) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object, headers: Headers) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const data = async (response: Promise<{ json: () => any }>) => (await response).json().result.data;

  async function learnerReads(): Promise<string> {
    const reads = await Promise.all([
      query('course.byPath', { path: 'consent' }, learner),
      query('course.list', {}, learner),
    ]);
    const courses = await graphql(app, '{ courses { path name info } }', { token: learnerToken });
    return JSON.stringify([...reads.map((read) => read.json()), courses.data]);
  }

  it('keeps the draft from every learner read path until it is published', async () => {
    const draft = { name: 'Consent and care', language: 'en', info: 'About consent, and about care.' };
    expect((await mutate('course.saveDraft', { path: 'consent', course: draft }, author)).statusCode).toBe(
      200,
    );
    const state = await data(query('course.draft', { path: 'consent' }, author));
    expect(state.live).toBe(true);
    expect(state.draft.details).toMatchObject(draft);

    let reads = await learnerReads();
    expect(reads).toContain('About consent.');
    expect(reads).not.toContain('Consent and care');

    expect((await mutate('course.publishChanges', { path: 'consent' }, author)).statusCode).toBe(200);
    reads = await learnerReads();
    expect(reads).toContain('Consent and care');
    expect(reads).not.toContain('"About consent."');
    expect((await data(query('course.draft', { path: 'consent' }, author))).draft).toBeNull();
  });

  it('discards a draft; refuses a learner and a teacher without the right, writing nothing', async () => {
    await mutate('course.saveDraft', { path: 'consent', course: { name: 'Other', language: 'en' } }, author);
    const count = (await readAll(platform.database.db, 0, 100_000)).length;
    for (const who of [learner, otherTeacher]) {
      expect((await query('course.draft', { path: 'consent' }, who)).statusCode).toBe(403);
      expect((await mutate('course.publishChanges', { path: 'consent' }, who)).statusCode).toBe(403);
      expect((await mutate('course.discardDraft', { path: 'consent' }, who)).statusCode).toBe(403);
      const saved = await mutate(
        'course.saveDraft',
        { path: 'consent', course: { name: 'X', language: 'en' } },
        who,
      );
      expect(saved.statusCode).toBe(403);
    }
    expect((await readAll(platform.database.db, 0, 100_000)).length).toBe(count);
    expect((await mutate('course.discardDraft', { path: 'consent' }, author)).statusCode).toBe(200);
    expect((await mutate('course.discardDraft', { path: 'consent' }, author)).statusCode).toBe(409);
    expect((await data(query('course.byPath', { path: 'consent' }, learner))).name).toBe('Consent and care');
  });

  it('shows the steps in the course history', async () => {
    const history = await data(query('course.history', { path: 'consent' }, author));
    const types = history.map((entry: { type: string }) => entry.type);
    expect(types.filter((type: string) => type.includes('Draft') || type.includes('Changes'))).toEqual([
      'CourseDraftSaved',
      'CourseChangesPublished',
      'CourseDraftSaved',
      'CourseDraftDiscarded',
    ]);
    const publication = history.find((entry: { type: string }) => entry.type === 'CourseChangesPublished');
    expect(publication.changes.map((change: { field: string }) => change.field).sort()).toEqual([
      'details.info',
      'details.name',
    ]);
  });
});
