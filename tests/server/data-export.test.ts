import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../events/store';
import { userStream } from '../../events/user/events';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

type Who = 'admin' | 'teacher' | 'pia' | 'olaf';
type File = { erased: false; fileName: string; mimeType: string; content: string };

const questions = [
  {
    type: 'radio',
    questionType: 'single',
    name: 'sdg',
    label: 'Which SDG is about gender equality?',
    schema: { attempts: 0 },
    options: [
      { label: 'SDG 5', value: 'five', score: 2 },
      { label: 'SDG 13', value: 'thirteen', score: 0 },
    ],
  },
  {
    type: 'textarea',
    questionType: 'open',
    name: 'reflection',
    label: 'Your project?',
    schema: { maxScore: 5 },
  },
];

/**
 * 'Download my data' (GDPR articles 15 and 20;
 * docs/security.md#your-data-download-and-subject-access-requests): a participant's own export
 * holds their answers, a teacher's feedback and their sightings, and nothing of another
 * participant's; only they may download it, an administrator's export is recorded in their history,
 * and after an erasure there is nothing left to download.
 */
describe.each(databaseKinds)('download my data on %s', (kind) => {
  let platform: TestPlatform;
  const countEvents = async () =>
    Number(
      (
        await platform.database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const api = trpcCalls<Who>(() => ({ app, platform, tokens }));
  const people = {
    admin: { name: 'Ada Administrator', email: 'ada.admin@example.org', roles: ['admin'] },
    teacher: { name: 'Tess Teacher', email: 'tess.teacher@example.org', roles: ['teacher'] },
    pia: { name: 'Pia Participant', email: 'pia.participant@example.org', roles: [] },
    olaf: { name: 'Olaf Otherperson', email: 'olaf.other@example.org', roles: [] },
  };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    for (const [who, person] of Object.entries(people) as [Who, (typeof people)[Who]][]) {
      const user = await addTestUser(platform, person);
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    await api.as('admin', 'module.create', { path: 'reflect', module: { name: 'Reflect', language: 'en' } });
    await api.as('admin', 'page.create', {
      parentType: 'module',
      parentPath: 'reflect',
      page: { name: 'Questions', type: 'question', content: questions },
    });
    await api.as('admin', 'module.addOwner', { path: 'reflect', userId: ids.teacher });
    const save = (who: Who, answers: Record<string, string>) =>
      api.as(who, 'result.save', {
        module: 'reflect',
        page: 'questions',
        result: { answers, confirm: Object.keys(answers) },
      });
    await save('pia', { sdg: 'five', reflection: 'Pia writes about access to contraception.' });
    await save('olaf', { sdg: 'thirteen', reflection: 'Olaf writes about roads and bridges.' });
    const score = (user: string, feedback: string) =>
      api.as('teacher', 'result.score', {
        user,
        module: 'reflect',
        page: 'questions',
        result: { scores: { reflection: 4 }, feedback: { reflection: feedback } },
      });
    await score(ids.pia, 'Pia: name a source.');
    await score(ids.olaf, 'Olaf: think about maintenance.');
    for (const path of ['pia-seen-course', 'olaf-seen-course']) {
      await api.as('admin', 'course.create', { path, course: { name: path, language: 'en' } });
    }
    await api.as('pia', 'tracking.update', { type: 'course', path: 'pia-seen-course' });
    await api.as('olaf', 'tracking.update', { type: 'course', path: 'olaf-seen-course' });
    await api.as('pia', 'tracking.pageSeen', { module: 'reflect', page: 'questions' });
    // Pia reads her platform in French: the administrator's readable file is in French too.
    await api.as('pia', 'user.updateProfile', { name: people.pia.name, language: 'fr' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const myData = (who: Who, format: 'json' | 'html', extra: object = {}) =>
    api.call(who, 'user.myData', { format, ...extra }, false);
  const exportOf = (who: Who, userId: string, format: 'json' | 'html') =>
    api.call(who, 'user.exportData', { _id: userId, format });

  /** Everything that must never appear in Pia's files: the others' names, e-mails, ids and words. */
  const othersTraces = () => [
    people.olaf.name,
    people.olaf.email,
    ids.olaf,
    'roads and bridges',
    'think about maintenance',
    'olaf-seen-course',
    people.teacher.name,
    people.teacher.email,
    ids.teacher,
    people.admin.name,
    people.admin.email,
    ids.admin,
  ];

  it("a participant's JSON holds their answers, feedback and sightings, and nothing of anyone else", async () => {
    const answer = await myData('pia', 'json');
    expect(answer.ok, answer.code ?? '').toBe(true);
    const file = answer.data as File;
    expect(file.fileName).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(file.mimeType).toBe('application/json');
    const data = JSON.parse(file.content);
    expect(data.userId).toBe(ids.pia);
    expect(data.profile).toMatchObject({ email: people.pia.email, name: people.pia.name, language: 'fr' });
    expect(data.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          module: 'reflect',
          page: 'questions',
          question: 'reflection',
          answer: 'Pia writes about access to contraception.',
          attempt: 1,
        }),
        expect.objectContaining({ question: 'sdg', answer: 'five', score: 2, maxScore: 2 }),
      ]),
    );
    for (const entry of data.answers) expect(Date.parse(entry.at)).not.toBeNaN();
    expect(data.scores).toMatchObject([
      { question: 'reflection', score: 4, feedback: 'Pia: name a source.', by: 'teacher' },
    ]);
    expect(data.tracking).toMatchObject([{ category: 'courses', path: 'pia-seen-course' }]);
    expect(data.pages).toMatchObject([{ module: 'reflect', page: 'questions' }]);
    expect(data.account.map((entry: { event: string }) => entry.event)).toEqual([
      'UserCreated',
      'UserPasswordChanged',
      'UserVerified',
      'UserProfileUpdated',
    ]);
    for (const trace of othersTraces()) expect(file.content, trace).not.toContain(trace);
  });

  it('the readable HTML says the same in the interface language, and nothing of anyone else', async () => {
    const response = await app.inject({
      url: `/trpc/user.myData?input=${encodeURIComponent(JSON.stringify({ format: 'html' }))}`,
      headers: { authorization: `Bearer ${tokens.pia}`, 'x-language': 'nl' },
    });
    expect(response.statusCode).toBe(200);
    const file = response.json().result.data as File;
    expect(file.fileName).toMatch(/\.html$/);
    expect(file.mimeType).toBe('text/html');
    const html = file.content;
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Antwoorden');
    expect(html).toContain(people.pia.email);
    expect(html).toContain('Pia writes about access to contraception.');
    expect(html).toContain('Pia: name a source.');
    expect(html).toContain('pia-seen-course');
    expect(html).toContain('een lesgever');
    // Names, questions and the chosen option's text as the person met them, not their codes.
    expect(html).toContain('<td data-label="Module">Reflect</td>');
    expect(html).toContain('Which SDG is about gender equality?');
    expect(html).toContain('>SDG 5</td>');
    expect(html).not.toContain('>five</td>');
    expect(html).not.toContain('>sdg</td>');
    for (const trace of othersTraces()) expect(html, trace).not.toContain(trace);
  });

  it("only ever gives one's own data: another user's token is refused or gets their own", async () => {
    // The participants' procedure takes no user id: a smuggled one is ignored, and nothing is written.
    const eventsBefore = await countEvents();
    const own = await myData('olaf', 'json', { _id: ids.pia });
    expect(own.ok).toBe(true);
    const content = (own.data as File).content;
    expect(JSON.parse(content).userId).toBe(ids.olaf);
    expect(content).not.toContain(people.pia.email);
    expect(content).not.toContain('access to contraception');
    // The subject access request needs manage_users; a refusal writes nothing.
    await api.refused('olaf', 'user.exportData', { _id: ids.pia, format: 'json' }, 'FORBIDDEN');
    await api.refused('teacher', 'user.exportData', { _id: ids.pia, format: 'html' }, 'FORBIDDEN');
    const anonymous = await app.inject({
      url: `/trpc/user.myData?input=${encodeURIComponent(JSON.stringify({ format: 'json' }))}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await countEvents()).toBe(eventsBefore);
  });

  it("an administrator's export is the person's, in their language, and recorded in their history", async () => {
    const before = await readStream(platform.database.db, userStream(ids.pia));
    const answer = await exportOf('admin', ids.pia, 'html');
    expect(answer.ok, answer.code ?? '').toBe(true);
    const file = answer.data as File;
    expect(file.erased).toBe(false);
    expect(file.fileName).toBe(`personal-data-${ids.pia}-${new Date().toISOString().slice(0, 10)}.html`);
    expect(file.content).toContain('<html lang="fr">');
    expect(file.content).toContain('Réponses');
    expect(file.content).toContain(people.pia.email);
    expect(file.content).toContain('un administrateur');
    for (const trace of othersTraces()) expect(file.content, trace).not.toContain(trace);

    const after = await readStream(platform.database.db, userStream(ids.pia));
    expect(after.length).toBe(before.length + 1);
    const recorded = after.at(-1)!;
    expect(recorded.type).toBe('PersonalDataExported');
    expect(recorded.data).toEqual({ userId: ids.pia, format: 'html' });
    expect(recorded.meta.actorId).toBe(ids.admin);

    const history = await api.as<{ type: string; actorId: string; personId: string }[]>(
      'admin',
      'user.history',
      { _id: ids.pia },
      false,
    );
    expect(history.at(-1)).toMatchObject({
      type: 'PersonalDataExported',
      actorId: ids.admin,
      personId: ids.pia,
    });
    // The person sees the request in their own export's account history, by an administrator.
    const mine = JSON.parse(((await myData('pia', 'json')).data as File).content);
    expect(mine.account.at(-1)).toMatchObject({
      event: 'PersonalDataExported',
      by: 'administrator',
      details: { format: 'html' },
    });
  });

  it('after an erasure the download is refused, and the administrator is told the person was erased', async () => {
    const erased = await addTestUser(platform, { name: 'Erin Erased', email: 'erin.erased@example.org' });
    const token = erased.token;
    const asErin = async (format: 'json' | 'html') =>
      app.inject({
        url: `/trpc/user.myData?input=${encodeURIComponent(JSON.stringify({ format }))}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await asErin('json')).statusCode).toBe(200);
    // Erasing oneself asks for the password again first (docs/security.md#signing-in-again).
    const again = await app.inject({
      method: 'POST',
      url: '/auth/reauth',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'password-1234' },
    });
    const deleted = await app.inject({
      method: 'POST',
      url: '/trpc/user.deleteMe',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reauth: again.json().reauth }),
    });
    expect(deleted.statusCode).toBe(200);

    for (const format of ['json', 'html'] as const) {
      const refused = await asErin(format);
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('erin.erased@example.org');
    }

    const before = await api.eventCount();
    const answer = await exportOf('admin', erased.userId, 'json');
    expect(answer.ok).toBe(true);
    expect(answer.data).toEqual({ erased: true, erasedAt: expect.any(String) });
    expect(Date.parse((answer.data as { erasedAt: string }).erasedAt)).not.toBeNaN();
    // Nothing was exported, so nothing is recorded.
    expect(await api.eventCount()).toBe(before);

    const unknown = await exportOf('admin', 'no-such-user', 'json');
    expect(unknown.code).toBe('NOT_FOUND');
  });
});
