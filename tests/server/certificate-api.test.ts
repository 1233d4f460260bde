import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../events/permissions';
import { readAll } from '../../events/store';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { buildApp } from '../../server/app';
import { autoIssueCertificate } from '../../server/certificate/commands';
import { certificateDocument } from '../../server/certificate/queries';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;
// biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
type Answer = { statusCode: number; json: () => any; body: string; headers: Record<string, unknown> };

const radio = (name: string) => ({
  type: 'radio',
  questionType: 'single',
  name,
  label: `Question ${name}`,
  schema: {},
  options: [
    { label: 'Right', value: 'right', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
});

describe.each(databaseKinds)('certificates on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let adminId: string;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    const account = await addTestUser(platform, { roles: ['admin'], name: 'Admin' });
    adminId = account.userId;
    admin = { authorization: `Bearer ${account.token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Headers = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers }) as Promise<Answer>;
  const query = (procedure: string, input: object | undefined, headers: Headers = {}) =>
    app.inject({
      url: `/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
      headers,
    }) as Promise<Answer>;
  const ok = async (response: Promise<Answer>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result.data;
  };
  const graphql = async (query: string, headers: Headers = admin) => {
    const answer = await app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers });
    return answer.json();
  };

  let counter = 0;
  /** A module with two question pages (one question each) and a certificate config. */
  async function moduleWith(config: object, estimatedTime = 0) {
    counter += 1;
    const path = `cert-${counter}`;
    await ok(mutate('module.create', { path, module: { name: `Module ${counter}`, language: 'en' } }));
    for (const page of ['one', 'two']) {
      await ok(
        mutate('page.create', {
          parentType: 'module',
          parentPath: path,
          page: {
            name: `Page ${page}`,
            type: 'question',
            estimatedTime,
            content: [radio(`q${page}`)],
          },
          path: `${path}-${page}`,
        }),
      );
    }
    await ok(mutate('certificate.configureModule', { path, config }));
    const module = await findModuleByPath(platform.database.db, path);
    const pages = (await ok(query('result.module', { module: path }, admin))).pages as { path: string }[];
    return { path, moduleId: module!.moduleId, pages: pages.map((page) => page.path) };
  }
  async function learner(options: { riziv?: string } = {}) {
    const account = await addTestUser(platform, { name: 'Lena Learner' });
    const headers = { authorization: `Bearer ${account.token}` };
    if (options.riziv) {
      await ok(
        mutate('user.updateProfile', { name: 'Lena Learner', language: 'en', riziv: options.riziv }, headers),
      );
    }
    return { ...account, headers };
  }
  const answerAll = async (module: { path: string; pages: string[] }, headers: Headers, value = 'right') => {
    for (const page of module.pages) {
      const name = `q${page.split('-').at(-1)}`;
      await ok(
        mutate(
          'result.save',
          { module: module.path, page, result: { answers: { [name]: value }, confirm: [name] } },
          headers,
        ),
      );
    }
  };
  const certificatesOf = async (userId: string) =>
    (
      await sql<{ code: string; revoked_at: Date | null; how: string }>`
        select code, revoked_at, how from certificates where user_id = ${userId} order by issued_at`.execute(
        platform.database.db,
      )
    ).rows;
  const issuedEvents = async (userId: string) =>
    (await readAll(platform.database.db, 0, 100_000)).filter(
      (event) => event.type === 'CertificateIssued' && (event.data as { userId: string }).userId === userId,
    );

  const queuedJobs = async (module: { moduleId: string }, person: { userId: string }) =>
    (
      await sql<{ count: number }>`
      select count(*)::int as count from pgboss.job
      where name = 'certificate.auto-issue' and singleton_key = ${`certificate-${module.moduleId}.${person.userId}`}`.execute(
        platform.database.db,
      )
    ).rows[0]!.count;

  it('queues the auto-issue job with every answer, in the answer transaction', async () => {
    const module = await moduleWith({ auto: true });
    const person = await learner();
    await answerAll(module, person.headers);
    expect(await queuedJobs(module, person)).toBeGreaterThanOrEqual(1);
  });

  it('queues no job for the answers of a module that does not issue automatically', async () => {
    const module = await moduleWith({ auto: false });
    const person = await learner();
    await answerAll(module, person.headers);
    expect(await queuedJobs(module, person)).toBe(0);
  });

  it('complete: issues only once every page is completed', async () => {
    const module = await moduleWith({ auto: true, complete: true });
    const person = await learner();
    await ok(
      mutate(
        'result.save',
        {
          module: module.path,
          page: module.pages[0],
          result: { answers: { qone: 'wrong' }, confirm: ['qone'] },
        },
        person.headers,
      ),
    );
    expect(await autoIssueCertificate(platform, { userId: person.userId, moduleId: module.moduleId })).toBe(
      'nothing',
    );
    const waiting = await ok(query('certificate.forModule', { path: module.path }, person.headers));
    expect(waiting).toMatchObject({ configured: true, certificate: null, waiting: ['notComplete'] });
    await ok(
      mutate(
        'result.save',
        {
          module: module.path,
          page: module.pages[1],
          result: { answers: { qtwo: 'wrong' }, confirm: ['qtwo'] },
        },
        person.headers,
      ),
    );
    expect(await autoIssueCertificate(platform, { userId: person.userId, moduleId: module.moduleId })).toBe(
      'issued',
    );
    const mine = await ok(query('certificate.forModule', { path: module.path }, person.headers));
    expect(mine.certificate).toMatchObject({ status: 'valid', how: 'auto', kind: 'module', expiresAt: null });
    expect(mine.certificate.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('without auto nothing is issued, and the participant is told a teacher assigns it', async () => {
    const module = await moduleWith({ auto: false });
    const person = await learner();
    await answerAll(module, person.headers);
    expect(await autoIssueCertificate(platform, { userId: person.userId, moduleId: module.moduleId })).toBe(
      'nothing',
    );
    const state = await ok(query('certificate.forModule', { path: module.path }, person.headers));
    expect(state).toMatchObject({ certificate: null, waiting: ['byTeacher'] });
  });

  it('correct: issues only at full score', async () => {
    const module = await moduleWith({ auto: true, complete: true, correct: true });
    const person = await learner();
    await answerAll(module, person.headers, 'wrong');
    expect(await autoIssueCertificate(platform, { userId: person.userId, moduleId: module.moduleId })).toBe(
      'nothing',
    );
    expect((await ok(query('certificate.forModule', { path: module.path }, person.headers))).waiting).toEqual(
      ['notCorrect'],
    );
    await answerAll(module, person.headers, 'right');
    expect(await autoIssueCertificate(platform, { userId: person.userId, moduleId: module.moduleId })).toBe(
      'issued',
    );
    expect(await certificatesOf(person.userId)).toHaveLength(1);
  });

  it('requireRiziv: no riziv, no certificate, and the participant is told why', async () => {
    const module = await moduleWith({ auto: true, content: { requireRiziv: true } });
    const person = await learner();
    await answerAll(module, person.headers);
    expect(await autoIssueCertificate(platform, { userId: person.userId, moduleId: module.moduleId })).toBe(
      'nothing',
    );
    expect(await certificatesOf(person.userId)).toHaveLength(0);
    expect((await ok(query('certificate.forModule', { path: module.path }, person.headers))).waiting).toEqual(
      ['rizivMissing'],
    );
    await ok(
      mutate(
        'user.updateProfile',
        { name: 'Lena Learner', language: 'en', riziv: '1-23456-78-901' },
        person.headers,
      ),
    );
    // Back on the result page, the client asks for the certificate; the server checks again.
    expect(await ok(mutate('certificate.claim', { path: module.path }, person.headers))).toEqual({
      outcome: 'issued',
    });
    expect(await ok(mutate('certificate.claim', { path: module.path }, person.headers))).toEqual({
      outcome: 'nothing',
    });
    expect(await certificatesOf(person.userId)).toHaveLength(1);
  });

  it('checkFraud: a too fast participant goes to the review list, where an admin issues or dismisses', async () => {
    const module = await moduleWith({ auto: true, checkFraud: true }, 600);
    const fast = await learner();
    const other = await learner();
    await answerAll(module, fast.headers);
    await answerAll(module, other.headers);
    expect(await autoIssueCertificate(platform, { userId: fast.userId, moduleId: module.moduleId })).toBe(
      'flagged',
    );
    expect(await autoIssueCertificate(platform, { userId: other.userId, moduleId: module.moduleId })).toBe(
      'flagged',
    );
    // Retried: still one case, no certificate.
    expect(await autoIssueCertificate(platform, { userId: fast.userId, moduleId: module.moduleId })).toBe(
      'nothing',
    );
    expect((await ok(query('certificate.forModule', { path: module.path }, fast.headers))).waiting).toEqual([
      'underReview',
    ]);
    const reviews = await ok(query('certificate.reviews', undefined, admin));
    const mine = reviews.filter((review: { itemPath: string }) => review.itemPath === module.path);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ estimatedSeconds: 1200, itemName: expect.any(String) });
    // The learner may not see the list.
    expect(await ok(query('certificate.reviews', undefined, fast.headers))).toEqual([]);
    await ok(mutate('certificate.certify', { module: module.path, user: fast.userId }));
    await ok(mutate('certificate.dismissReview', { module: module.path, user: other.userId }));
    const left = (await ok(query('certificate.reviews', undefined, admin))).filter(
      (review: { itemPath: string }) => review.itemPath === module.path,
    );
    expect(left).toEqual([]);
    expect(await certificatesOf(fast.userId)).toMatchObject([{ how: 'manual' }]);
    expect(await certificatesOf(other.userId)).toHaveLength(0);
  });

  it('two answers finishing a module at the same moment, and the job run twice, give one certificate', async () => {
    const module = await moduleWith({ auto: true });
    const person = await learner();
    await Promise.all(
      module.pages.map((page) =>
        ok(
          mutate(
            'result.save',
            {
              module: module.path,
              page,
              result: {
                answers: { [`q${page.split('-').at(-1)}`]: 'right' },
                confirm: [`q${page.split('-').at(-1)}`],
              },
            },
            person.headers,
          ),
        ),
      ),
    );
    const payload = { userId: person.userId, moduleId: module.moduleId };
    const outcomes = await Promise.all([
      autoIssueCertificate(platform, payload),
      autoIssueCertificate(platform, payload),
      autoIssueCertificate(platform, payload),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'issued')).toHaveLength(1);
    expect(await autoIssueCertificate(platform, payload)).toBe('nothing');
    expect(await certificatesOf(person.userId)).toHaveLength(1);
    expect(await issuedEvents(person.userId)).toHaveLength(1);
  });

  it('expires after the configured years', async () => {
    const module = await moduleWith({ auto: true, timed: 1 });
    const person = await learner();
    await answerAll(module, person.headers);
    const twoYearsAgo = new Date(Date.now() - 2 * 366 * 24 * 3600 * 1000);
    expect(
      await autoIssueCertificate(platform, { userId: person.userId, moduleId: module.moduleId }, twoYearsAgo),
    ).toBe('issued');
    const [certificate] = await ok(query('certificate.mine', undefined, person.headers));
    expect(certificate.status).toBe('expired');
    expect(Date.parse(certificate.expiresAt) - Date.parse(certificate.issuedAt)).toBeGreaterThan(
      364 * 24 * 3600 * 1000,
    );
    const verified = await app.inject({ url: `/api/certificates/${certificate.code}` });
    expect(verified.json()).toMatchObject({ status: 'expired', name: 'Lena Learner' });
    // An expired certificate may be assigned anew.
    await ok(mutate('certificate.certify', { module: module.path, user: person.userId }));
    const fresh = await ok(query('certificate.forModule', { path: module.path }, person.headers));
    expect(fresh.certificate.status).toBe('valid');
    expect(Date.parse(fresh.certificate.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('assigns, revokes and re-assigns a course certificate, after which the old code says revoked', async () => {
    const coursePath = `course-${counter}`;
    await ok(
      mutate('course.create', { path: coursePath, course: { name: 'Family planning', language: 'en' } }),
    );
    await ok(
      mutate('certificate.configureCourse', {
        path: coursePath,
        config: { timed: '', content: { header: 'Certificate', body: 'has followed', courseDates: true } },
      }),
    );
    const person = await learner();
    const stranger = await learner();
    await ok(
      mutate('user.link', { _id: person.userId, itemType: 'course', itemPath: coursePath, linked: true }),
    );
    const list = await ok(query('certificate.courseList', { path: coursePath }, admin));
    expect(list.participants).toMatchObject([{ userId: person.userId, certificate: null }]);
    // Only those who manage the course may assign.
    expect(
      (await mutate('certificate.addToUser', { _id: person.userId, course: coursePath }, stranger.headers))
        .statusCode,
    ).toBe(403);

    const { code } = await ok(mutate('certificate.addToUser', { _id: person.userId, course: coursePath }));
    // Assigning again keeps the same certificate.
    expect((await ok(mutate('certificate.addToUser', { _id: person.userId, course: coursePath }))).code).toBe(
      code,
    );
    expect(await ok(query('certificate.forCourse', { path: coursePath }, person.headers))).toMatchObject({
      code,
      status: 'valid',
    });
    const verified = await app.inject({ url: `/api/certificates/${code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      code,
      status: 'valid',
      name: 'Lena Learner',
      kind: 'course',
      itemName: 'Family planning',
      issuedAt: expect.any(String),
      expiresAt: null,
      revokedAt: null,
    });

    // The PDF: the holder and admins get it, anyone else does not learn it exists.
    const pdf = await app.inject({ url: `/api/certificates/${code}.pdf`, headers: person.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await app.inject({ url: `/api/certificates/${code}.pdf`, headers: admin })).statusCode).toBe(200);
    expect(
      (await app.inject({ url: `/api/certificates/${code}.pdf`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: `/api/certificates/${code}.pdf` })).statusCode).toBe(401);

    await ok(mutate('certificate.removeFromUser', { _id: person.userId, course: coursePath }));
    expect((await app.inject({ url: `/api/certificates/${code}` })).json().status).toBe('revoked');
    expect(
      (await mutate('certificate.removeFromUser', { _id: person.userId, course: coursePath })).statusCode,
    ).toBe(404);

    const again = await ok(mutate('certificate.addToUser', { _id: person.userId, course: coursePath }));
    expect(again.code).not.toBe(code);
    expect((await app.inject({ url: `/api/certificates/${again.code}` })).json().status).toBe('valid');
    expect((await app.inject({ url: `/api/certificates/${code}` })).json().status).toBe('revoked');
    expect((await app.inject({ url: '/api/certificates/unknown-code-xyz' })).statusCode).toBe(404);

    // GraphQL: the contract's view of the same facts.
    const answer = await graphql(`{
      checkCertificateStatus(path: "${again.code}") { path status valid name itemName }
      old: checkCertificateStatus(path: "${code}") { status valid }
      user(_id: "${person.userId}") { courseCertificates { course path valid } }
      course(path: "${coursePath}") { courseCertificateConfig }
    }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.checkCertificateStatus).toEqual({
      path: again.code,
      status: 'valid',
      valid: true,
      name: 'Lena Learner',
      itemName: 'Family planning',
    });
    expect(answer.data.old).toEqual({ status: 'revoked', valid: false });
    expect(answer.data.user.courseCertificates).toEqual([
      { course: coursePath, path: again.code, valid: true },
    ]);
    expect(answer.data.course.courseCertificateConfig).toMatchObject({
      timed: 0,
      content: { courseDates: true },
    });
  });

  it("prints a module certificate with the dates of the holder's course, never a later edition's", async () => {
    const module = await moduleWith({ auto: false, content: { courseDates: true } });
    const person = await learner();
    // Two courses list the module: 'a' (sorted first) was last year's, 'b' the holder's.
    const course = async (suffix: string, startdate: string, enddate: string) => {
      const path = `dates-${suffix}-${counter}`;
      await ok(mutate('course.create', { path, course: { name: path, language: 'en', startdate, enddate } }));
      await ok(
        mutate('link.addItemToParent', {
          parentType: 'course',
          parentPath: path,
          itemType: 'module',
          itemPath: module.path,
        }),
      );
      return path;
    };
    await course('a', '2020-01-06', '2020-02-28');
    const own = await course('b', '2021-09-01', '2021-12-17');
    await ok(mutate('user.link', { _id: person.userId, itemType: 'course', itemPath: own, linked: true }));
    const { code } = await ok(mutate('certificate.certify', { module: module.path, user: person.userId }));
    const actor = { userId: adminId, roles: ['admin'], rules: allRules() };
    expect((await certificateDocument(platform, actor, code)).courseDates).toBe('01/09/2021 – 17/12/2021');
    // Planned again for after the certificate was issued: its dates are left out.
    await ok(
      mutate('course.update', {
        path: own,
        course: { name: own, language: 'en', startdate: '2099-01-05', enddate: '2099-02-27' },
      }),
    );
    expect((await certificateDocument(platform, actor, code)).courseDates).toBeNull();
  });

  it("shows a participant's module certificate to who certifies, and to nobody else", async () => {
    const module = await moduleWith({ auto: false });
    const person = await learner();
    const input = { module: module.path, user: person.userId };
    expect(await ok(query('certificate.ofParticipant', input, admin))).toBeNull();
    const { code } = await ok(mutate('certificate.certify', input));
    expect(await ok(query('certificate.ofParticipant', input, admin))).toMatchObject({
      code,
      status: 'valid',
    });
    expect((await query('certificate.ofParticipant', input, person.headers)).statusCode).toBe(403);
    expect((await query('certificate.ofParticipant', input)).statusCode).toBe(401);
    await ok(mutate('certificate.revokeModule', input));
    expect(await ok(query('certificate.ofParticipant', input, admin))).toMatchObject({
      code,
      status: 'revoked',
    });
  });

  it('GraphQL certify, removeCertificateFromUser and the caller’s certificates', async () => {
    const module = await moduleWith({ auto: false });
    const person = await learner();
    const certified = await graphql(
      `mutation { certify(module: "${module.path}", user: "${person.userId}") { success message } }`,
    );
    expect(certified.data.certify).toEqual({ success: true, message: 'certificate assigned' });
    const refused = await graphql(
      `mutation { certify(module: "${module.path}", user: "${person.userId}") { success message } }`,
      person.headers,
    );
    expect(refused.data.certify.success).toBe(false);
    const mine = await graphql(
      `{ currentUser { certificates } module(path: "${module.path}") { certificate moduleCertificateConfig }
         moduleCertificate(modulePath: "${module.path}") { path status valid item } }`,
      person.headers,
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data.currentUser.certificates).toEqual([module.path]);
    expect(mine.data.module.certificate).toMatchObject({ status: 'valid' });
    expect(mine.data.module.moduleCertificateConfig).toMatchObject({ auto: false });
    expect(mine.data.moduleCertificate).toMatchObject({ status: 'valid', valid: true, item: module.path });
    const removed = await graphql(
      `mutation { removeCertificateFromUser(_id: "${person.userId}", course: "no-such-course") { success message } }`,
    );
    expect(removed.data.removeCertificateFromUser.success).toBe(false);
    expect(adminId).toBeTruthy();
  });
});

describe.each(databaseKinds)('the auto-issue job on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform(kind, { workJobs: true });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('issues the certificate after the answer that completes the module', async () => {
    const admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    const person = await addTestUser(platform);
    const mutate = (procedure: string, input: object, headers: Headers) =>
      app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
    await mutate('module.create', { path: 'auto', module: { name: 'Auto', language: 'en' } }, admin);
    await mutate(
      'page.create',
      {
        parentType: 'module',
        parentPath: 'auto',
        path: 'auto-q',
        page: { name: 'Q', type: 'question', content: [radio('q')] },
      },
      admin,
    );
    await mutate('certificate.configureModule', { path: 'auto', config: { auto: true } }, admin);
    const saved = await mutate(
      'result.save',
      { module: 'auto', page: 'auto-q', result: { answers: { q: 'right' }, confirm: ['q'] } },
      { authorization: `Bearer ${person.token}` },
    );
    expect(saved.statusCode).toBe(200);
    let rows: unknown[] = [];
    for (let i = 0; i < 60 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      rows = (
        await sql`select code from certificates where user_id = ${person.userId}`.execute(
          platform.database.db,
        )
      ).rows;
    }
    expect(rows).toHaveLength(1);
  });
});
