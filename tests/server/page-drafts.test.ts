import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

const question = (label: string) => ({
  type: 'radio',
  questionType: 'single',
  name: 'q1',
  label,
  schema: { attempts: 2 },
  options: [
    { label: 'Yes', value: 'yes', score: 1 },
    { label: 'No', value: 'no', score: 0 },
  ],
});
const livePage = {
  name: 'Consent',
  type: 'question',
  content: [
    { type: 'markdown', name: 'intro', text: 'Consent is given freely.' },
    question('Is it ongoing?'),
  ],
  estimatedTime: 60,
};
const draftPage = {
  ...livePage,
  content: [
    { type: 'markdown', name: 'intro', text: 'Consent is given freely and can be withdrawn.' },
    question('Can consent be withdrawn?'),
  ],
};

/**
 * Drafts of live pages (docs/adr/0019-drafts-of-live-content.md): the author keeps changes beside
 * the published page, every learner read path keeps the live version until the author publishes,
 * and only who may edit the page reads, keeps, publishes or discards a draft.
 */
describe.each(databaseKinds)('drafts of live pages on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let author: Headers;
  let authorToken: string;
  let otherTeacher: Headers;
  let learner: Headers;
  let learnerToken: string;
  let admin: Headers;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    // The author owns the module (its teachers are its owners); a teacher owning nothing has no right here.
    const owner = await addTestUser(platform, { roles: ['teacher'], name: 'Ann Author' });
    authorToken = owner.token;
    author = bearer(authorToken);
    otherTeacher = bearer((await addTestUser(platform, { roles: ['teacher'] })).token);
    learnerToken = (await addTestUser(platform)).token;
    learner = bearer(learnerToken);
    admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    await mutate('module.create', { path: 'consent', module: { name: 'Consent', language: 'en' } }, admin);
    await mutate('module.addOwner', { path: 'consent', userId: owner.userId }, admin);
    await mutate('page.create', { parentType: 'module', parentPath: 'consent', page: livePage }, author);
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
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;

  /** Every path a learner (or an integrator) reads the page by, as text. */
  async function learnerReads(): Promise<string[]> {
    const reads = [
      query('page.byPath', { path: 'consent' }, learner),
      query('page.listByModule', { path: 'consent' }, learner),
      query('result.page', { module: 'consent', page: 'consent' }, learner),
    ];
    const answers = await Promise.all(reads.map(async (read) => JSON.stringify((await read).json())));
    const page = await graphql(app, '{ page(path: "consent") { name content } }', { token: learnerToken });
    const modules = await graphql(app, '{ modules { path pages { path content } } }', {
      token: learnerToken,
    });
    return [...answers, JSON.stringify(page.data), JSON.stringify(modules.data)];
  }

  it('keeps changes to a published page as a draft that no learner read path shows', async () => {
    const before = await data(query('page.draft', { path: 'consent' }, author));
    expect(before).toEqual({ live: true, draft: null });

    const saved = await mutate('page.saveDraft', { path: 'consent', page: draftPage }, author);
    expect(saved.statusCode).toBe(200);

    expect(await data(query('page.draftsOfModule', { path: 'consent' }, author))).toEqual(['consent']);
    const state = await data(query('page.draft', { path: 'consent' }, author));
    expect(state.live).toBe(true);
    expect(state.draft.name).toBe('Consent');
    expect(state.draft.content[0].text).toBe('Consent is given freely and can be withdrawn.');
    expect(state.draft.content[1].options[0].score).toBe(1);
    // The editor's page is the live one; the draft comes beside it.
    const editable = await data(query('page.editable', { path: 'consent' }, author));
    expect(editable.content[0].text).toBe('Consent is given freely.');

    for (const read of await learnerReads()) {
      expect(read).toContain('Is it ongoing?');
      expect(read).not.toContain('withdrawn');
    }
  });

  it('publishes the draft: every learner read path shows the new version, and the draft is gone', async () => {
    const published = await mutate('page.publishChanges', { path: 'consent' }, author);
    expect(published.statusCode).toBe(200);
    for (const read of await learnerReads()) {
      expect(read).toContain('Can consent be withdrawn?');
      expect(read).not.toContain('Is it ongoing?');
    }
    expect(await data(query('page.draft', { path: 'consent' }, author))).toEqual({ live: true, draft: null });
    const again = await mutate('page.publishChanges', { path: 'consent' }, author);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('page.noDraft');
  });

  it('discards a draft, leaving the live page as it was', async () => {
    await mutate('page.saveDraft', { path: 'consent', page: { ...draftPage, name: 'Renamed' } }, author);
    const discarded = await mutate('page.discardDraft', { path: 'consent' }, author);
    expect(discarded.statusCode).toBe(200);
    expect((await data(query('page.draft', { path: 'consent' }, author))).draft).toBeNull();
    expect((await data(query('page.byPath', { path: 'consent' }, learner))).name).toBe('Consent');
  });

  it('refuses a learner and another teacher without the right, writing nothing; an admin may', async () => {
    await mutate('page.saveDraft', { path: 'consent', page: draftPage }, author);
    const count = await eventCount();
    for (const who of [learner, otherTeacher]) {
      expect((await query('page.draft', { path: 'consent' }, who)).statusCode).toBe(403);
      expect((await query('page.draftsOfModule', { path: 'consent' }, who)).statusCode).toBe(403);
      expect((await mutate('page.saveDraft', { path: 'consent', page: livePage }, who)).statusCode).toBe(403);
      expect((await mutate('page.publishChanges', { path: 'consent' }, who)).statusCode).toBe(403);
      expect((await mutate('page.discardDraft', { path: 'consent' }, who)).statusCode).toBe(403);
    }
    expect((await query('page.draft', { path: 'consent' }, {})).statusCode).toBe(401);
    expect(await eventCount()).toBe(count);
    expect((await data(query('page.draft', { path: 'consent' }, admin))).draft.name).toBe('Consent');
  });

  it('answers a clear field error for an invalid draft and not found for an unknown page', async () => {
    const invalid = await mutate(
      'page.saveDraft',
      { path: 'consent', page: { ...draftPage, name: '' } },
      author,
    );
    expect(invalid.statusCode).toBe(400);
    const unknown = await mutate('page.saveDraft', { path: 'nowhere', page: draftPage }, author);
    expect(unknown.statusCode).toBe(404);
  });

  it('reads an unpublished module as not live', async () => {
    await mutate('module.create', { path: 'hidden', module: { name: 'Hidden', language: 'en' } }, admin);
    await mutate('page.create', { parentType: 'module', parentPath: 'hidden', page: livePage }, admin);
    await mutate('module.unpublish', { path: 'hidden' }, admin);
    const page = (await data(query('page.listByModule', { path: 'hidden' }, admin)))[0].path;
    expect(await data(query('page.draft', { path: page }, admin))).toEqual({ live: false, draft: null });
  });

  it('shows the draft steps in the page history', async () => {
    const history = await data(query('page.history', { path: 'consent' }, author));
    const types = history.map((entry: { type: string }) => entry.type);
    expect(types).toEqual([
      'PageCreated',
      'PageDraftSaved',
      'PageChangesPublished',
      'PageDraftSaved',
      'PageDraftDiscarded',
      'PageDraftSaved',
    ]);
    // A draft's changes are against the live page; a publication's are what learners now see.
    const draft = history[1];
    expect(draft.changes.map((change: { field: string }) => change.field)).toEqual(['details.content']);
    const publication = history[2];
    expect(publication.changes.map((change: { field: string }) => change.field)).toEqual(['details.content']);
    expect(history[4].changes).toEqual([]);
  });
});
