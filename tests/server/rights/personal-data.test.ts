import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModuleByPath } from '../../../projections/module/module-summaries';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { autoIssueCertificate } from '../../../server/certificate/commands';
import { emptyClientRoot, graphql } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { pdfText } from '../../pdf-text';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * Personal data by response: whoever lacks manage_users reads a fullPrivacy person as 'Anonymous
 * User' in every list, search, CSV, PDF and GraphQL field that names people, and finds nobody by a
 * hidden name or address; phone, riziv, profession and description of others are never found by
 * searching. Administrators and holders of manage_users still see and find them.
 */

type Who = 'admin' | 'manager' | 'teacher' | 'assigner' | 'custom' | 'participant' | 'hiddenTeacher' | 'open';

/** The fullPrivacy participant: every value distinctive, so a scan of any answer finds a leak. */
const participantProfile = {
  name: 'Zephyrine Quillbottom',
  phone: '+32 470 55 66 77',
  profession: 'Xylophonist',
  riziv: '19283746501',
  description: 'Keeps bees on the roof',
  fullPrivacy: true,
  language: 'en',
};
const participantEmail = 'zq.hidden.7403@example.org';
/** A fullPrivacy co-owner of the course and the module, who scores the participant. */
const hiddenTeacherProfile = {
  name: 'Ottoline Vantablack',
  phone: '+32 471 98 76 54',
  profession: 'Cartographer',
  riziv: '56473829105',
  description: 'Sails on Sundays',
  fullPrivacy: true,
  language: 'en',
};
const hiddenTeacherEmail = 'ov.secret.5521@example.org';
/** Someone without fullPrivacy, whose phone, riziv, profession and description stay unsearchable. */
const openProfile = {
  name: 'Plain Participant',
  phone: '+32 472 13 13 13',
  profession: 'Beekeeper-Astronomer',
  riziv: '77711122233',
  description: 'Collects lighthouses',
  fullPrivacy: false,
  language: 'en',
};

/** What no answer to someone without manage_users may contain (compared in lower case). */
const secrets = [
  'Zephyrine',
  'Quillbottom',
  'zq.hidden',
  participantProfile.riziv,
  participantProfile.profession,
  participantProfile.description,
  '470 55 66 77',
  'Ottoline',
  'Vantablack',
  'ov.secret',
  hiddenTeacherProfile.riziv,
  hiddenTeacherProfile.profession,
  hiddenTeacherProfile.description,
  '471 98 76 54',
].map((secret) => secret.toLowerCase());

const open = {
  type: 'textarea',
  questionType: 'open',
  name: 'reflection',
  label: 'What matters most?',
  schema: { maxScore: 5 },
};
const choice = {
  type: 'radio',
  questionType: 'single',
  name: 'q',
  label: 'Right or wrong?',
  schema: {},
  options: [
    { label: 'Right', value: 'right', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
};

const userFields = '_id name email phone profession riziv description fullPrivacy';

describe.each(databaseKinds)('personal data by response on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const module = 'secrets-exam';
  const page = 'secrets-questions';
  const quiz = 'secrets-quiz';
  let course = '';
  let moduleCode = '';
  let courseCode = '';

  const { as, call } = trpcCalls(() => ({ app, platform, tokens }));
  const get = (who: Who, url: string) =>
    app.inject({ url, headers: { authorization: `Bearer ${tokens[who]}` } });
  const gql = (who: Who, query: string) => graphql(app, query, { token: tokens[who] });

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    const admin = await addTestUser(platform, { roles: ['admin'], name: 'The admin' });
    tokens.admin = admin.token;
    ids.admin = admin.userId;
    for (const [name, actions] of [
      ['people-manager', { manage_users: true }],
      ['enroller', { assign_participants: true }],
      ['overseer', { view: true, assign_owners: true, assign_participants: true }],
    ] as const) {
      await as('admin', 'role.create', { name, actions });
    }
    for (const [who, roles, email] of [
      ['manager', ['people-manager'], undefined],
      ['teacher', ['teacher'], undefined],
      ['assigner', ['enroller'], undefined],
      ['custom', ['overseer'], undefined],
      ['participant', [], participantEmail],
      ['hiddenTeacher', ['teacher'], hiddenTeacherEmail],
      ['open', [], 'plain.participant@example.org'],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...roles], name: `The ${who}`, email });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    await as('participant', 'user.updateProfile', participantProfile);
    await as('hiddenTeacher', 'user.updateProfile', hiddenTeacherProfile);
    await as('open', 'user.updateProfile', openProfile);

    // The teacher's own exam (a fraud check on its certificate) and course, the hidden co-owner on both.
    await as('teacher', 'module.create', {
      path: module,
      module: { name: 'Secrets exam', language: 'en', public: false },
    });
    await as('teacher', 'page.create', {
      parentType: 'module',
      parentPath: module,
      path: page,
      page: { name: 'Questions', type: 'question', estimatedTime: 600, content: [open, choice] },
    });
    await as('teacher', 'module.publish', { path: module });
    course = (await as('teacher', 'course.create', { course: { name: 'Secrets course', language: 'en' } }))
      .path;
    await as('teacher', 'link.addItemToParent', {
      parentType: 'course',
      parentPath: course,
      itemType: 'module',
      itemPath: module,
    });
    await as('admin', 'course.addOwner', { path: course, userId: ids.hiddenTeacher });
    await as('admin', 'module.addOwner', { path: module, userId: ids.hiddenTeacher });

    // Both participants linked to the course and the module, both answering.
    for (const who of ['participant', 'open'] as const) {
      for (const [itemType, itemPath] of [
        ['course', course],
        ['module', module],
      ] as const) {
        await as('admin', 'user.link', { _id: ids[who], itemType, itemPath, linked: true });
      }
      await as(who, 'result.save', {
        module,
        page,
        result: { answers: { reflection: 'Listening first.', q: 'right' }, confirm: ['q'] },
      });
    }
    // Too fast in a quiz of the teacher's: the participant's case waits in the fraud check's review list.
    await as('teacher', 'module.create', { path: quiz, module: { name: 'Secrets quiz', language: 'en' } });
    await as('teacher', 'page.create', {
      parentType: 'module',
      parentPath: quiz,
      path: `${quiz}-page`,
      page: { name: 'Quiz', type: 'question', estimatedTime: 600, content: [choice] },
    });
    await as('teacher', 'module.publish', { path: quiz });
    await as('teacher', 'certificate.configureModule', {
      path: quiz,
      config: { auto: true, checkFraud: true },
    });
    await as('admin', 'user.link', {
      _id: ids.participant,
      itemType: 'module',
      itemPath: quiz,
      linked: true,
    });
    await as('participant', 'result.save', {
      module: quiz,
      page: `${quiz}-page`,
      result: { answers: { q: 'right' }, confirm: ['q'] },
    });
    const { moduleId } = (await findModuleByPath(platform.database.db, quiz))!;
    expect(await autoIssueCertificate(platform, { userId: ids.participant, moduleId })).not.toBe('issued');
    // The hidden co-owner scores (the result history names them), then certificates are given.
    await as('hiddenTeacher', 'result.score', {
      module,
      page,
      user: ids.participant,
      result: { scores: { reflection: 4 }, feedback: { reflection: 'Good.' } },
    });
    moduleCode = (
      await as<{ code: string }>('teacher', 'certificate.certify', { module, user: ids.participant })
    ).code;
    courseCode = (
      await as<{ code: string }>('admin', 'certificate.addToUser', { _id: ids.participant, course })
    ).code;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** Every answer that may name people, as raw text (whatever its status: a refusal names nobody either). */
  async function everyAnswer(who: Who): Promise<{ label: string; body: string }[]> {
    const answers: { label: string; body: string }[] = [];
    const trpc = async (procedure: string, input?: unknown) => {
      const url = `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
      answers.push({
        label: `${procedure} ${JSON.stringify(input ?? null)}`,
        body: (await get(who, url)).body,
      });
    };
    const onParticipant = { module, user: ids.participant };
    await trpc('certificate.courseList', { path: course });
    await trpc('certificate.reviews');
    await trpc('certificate.ofParticipant', onParticipant);
    await trpc('result.participants', { module });
    await trpc('result.participant', onParticipant);
    await trpc('result.history', onParticipant);
    await trpc('user.list', {});
    await trpc('user.list', { course });
    await trpc('user.list', { module });
    await trpc('user.byId', { _id: ids.participant });
    await trpc('course.team', { path: course });
    await trpc('course.owners', { path: course });
    await trpc('course.history', { path: course });
    await trpc('module.history', { path: module });
    await trpc('module.byPath', { path: module });
    await trpc('link.teachers');
    await trpc('badge.credential', { code: moduleCode });
    await trpc('badge.credential', { code: courseCode });
    for (const url of [`/api/results/${module}.csv`, '/api/certificates/expiring.csv', '/api/users.csv']) {
      answers.push({ label: url, body: (await get(who, url)).body });
    }
    for (const code of [moduleCode, courseCode]) {
      const pdf = await get(who, `/api/certificates/${code}.pdf`);
      answers.push({
        label: `certificate ${code}.pdf`,
        body: pdf.statusCode === 200 ? await pdfText(pdf.rawPayload) : pdf.body,
      });
    }
    for (const query of [
      `{ users { ${userFields} certificates courseCertificates { course path valid } } }`,
      `{ users(course: "${course}") { ${userFields} } }`,
      `{ user(_id: "${ids.participant}") { ${userFields} } }`,
      `{ course(path: "${course}") { owners { ${userFields} } users { ${userFields} certificates courseCertificates { course path } } } }`,
      `{ module(path: "${module}") { owners { ${userFields} } users { ${userFields} } activeUsers { ${userFields} } result(user: "${ids.participant}") resultAnswers(user: "${ids.participant}") { text } } }`,
      `{ resultCSV(path: "${module}") }`,
    ]) {
      answers.push({ label: query, body: (await gql(who, query)).raw });
    }
    return answers;
  }

  /** The ids a search finds, through each search there is (an empty list when refused). */
  async function found(who: Who, search: string) {
    const userList = await call(who, 'user.list', { search }, false);
    const results = await call(who, 'result.participants', { module, search }, false);
    const users = await gql(who, `{ users(search: ${JSON.stringify(search)}) { _id } }`);
    return {
      userList: userList.ok ? (userList.data as { _id: string }[]).map((user) => user._id) : [],
      results: results.ok
        ? (results.data as { participants: { _id: string }[] }).participants.map((row) => row._id)
        : [],
      resultsTotal: results.ok ? (results.data as { total: number }).total : 0,
      graphql: ((users.data?.users ?? []) as { _id: string }[]).map((user) => user._id),
    };
  }

  describe.each(['teacher', 'assigner', 'custom'] as const)('as %s', (who) => {
    it('no answer names the fullPrivacy people or shows anyone’s hidden fields', async () => {
      const answers = await everyAnswer(who);
      // Not a scan of refusals only: the hidden people are listed, as 'Anonymous User'.
      expect(answers.some(({ body }) => body.includes('Anonymous User'))).toBe(true);
      const leaks = answers.flatMap(({ label, body }) => {
        const text = body.toLowerCase();
        return secrets.filter((secret) => text.includes(secret)).map((secret) => `${label}: ${secret}`);
      });
      expect(leaks).toEqual([]);
    });

    it('finds nobody by a hidden name or address, nor by anyone’s phone, riziv, profession or description', async () => {
      for (const search of [
        'zq.hid',
        'zq.hidden.7403@example',
        'Zephyr',
        'quillbot',
        'ov.secr',
        'Vantabl',
        openProfile.riziv,
        openProfile.profession,
        'lighthouses',
        '13 13 13',
      ]) {
        const seen = await found(who, search);
        expect(seen, search).toEqual({ userList: [], results: [], resultsTotal: 0, graphql: [] });
      }
    });
  });

  it('shows the teacher the fullPrivacy participant as Anonymous User in the lists they may read', async () => {
    const list = await as<{ participants: { userId: string; name: string; email: string }[] }>(
      'teacher',
      'certificate.courseList',
      { path: course },
      false,
    );
    expect(list.participants.find((row) => row.userId === ids.participant)).toMatchObject({
      name: 'Anonymous User',
      email: 'anonymous@anonymous.invalid',
    });
    const results = await as<{ participants: { _id: string; name: string }[] }>(
      'teacher',
      'result.participants',
      { module },
      false,
    );
    expect(results.participants.find((row) => row._id === ids.participant)?.name).toBe('Anonymous User');
    const reviews = await as<{ userId: string; name: string }[]>(
      'teacher',
      'certificate.reviews',
      undefined,
      false,
    );
    expect(reviews.find((review) => review.userId === ids.participant)?.name).toBe('Anonymous User');
    // A hidden person is found by what the teacher sees of them, the placeholder, counted alike.
    const anonymous = await found('teacher', 'anonymous');
    expect(anonymous.userList).toContain(ids.participant);
    expect(anonymous.results).toEqual([ids.participant]);
    expect(anonymous.resultsTotal).toBe(1);
    // The open participant is still found by name (what the teacher sees), with a right count.
    expect(await found('teacher', 'Plain Partic')).toEqual({
      userList: [ids.open],
      results: [ids.open],
      resultsTotal: 1,
      graphql: [ids.open],
    });
  });

  it('puts the hidden people after the named ones, so their place hints at no name', async () => {
    const teachers = await as<{ name: string }[]>('custom', 'link.teachers', undefined, false);
    expect(teachers.map((teacher) => teacher.name)).toEqual(['The teacher', 'Anonymous User']);
    const owners = await as<{ name: string }[]>('custom', 'course.owners', { path: course }, false);
    expect(owners.map((owner) => owner.name)).toEqual(['The teacher', 'Anonymous User']);
  });

  it.each(['admin', 'manager'] as const)('lets %s see and find them', async (who) => {
    for (const search of ['zq.hid', 'Zephyr']) {
      const seen = await found(who, search);
      expect(seen.userList, search).toEqual([ids.participant]);
      expect(seen.graphql, search).toEqual([ids.participant]);
      if (who === 'admin') expect(seen.results, search).toEqual([ids.participant]);
    }
    const users = await as<{ _id: string; name: string; riziv: string }[]>(
      who,
      'user.list',
      { course },
      false,
    );
    expect(users.find((user) => user._id === ids.participant)).toMatchObject({
      name: participantProfile.name,
      riziv: participantProfile.riziv,
    });
    if (who === 'admin') {
      const reviews = await as<{ userId: string; name: string }[]>(
        'admin',
        'certificate.reviews',
        undefined,
        false,
      );
      expect(reviews.find((review) => review.userId === ids.participant)?.name).toBe(participantProfile.name);
      const list = await as<{ participants: { userId: string; name: string; email: string }[] }>(
        'admin',
        'certificate.courseList',
        { path: course },
        false,
      );
      expect(list.participants.find((row) => row.userId === ids.participant)).toMatchObject({
        name: participantProfile.name,
        email: participantEmail,
      });
    }
  });

  it('shows the participant their own name in their own answers', async () => {
    const me = await as<{ name: string; email: string }>('participant', 'user.me', undefined, false);
    expect(me).toMatchObject({ name: participantProfile.name, email: participantEmail });
  });
});
