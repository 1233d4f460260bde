import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../events/permissions';
import { sectionInputSchema } from '../../events/section/commands';
import { buildApp } from '../../server/app';
import { createCourse } from '../../server/course/commands';
import { createSection } from '../../server/section/commands';
import { systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { emptyClientRoot, type GraphQLAnswer, graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * Sections over GraphQL (docs/integrating/graphql.md): the three mutations and the two reads as admin,
 * teacher and participant, meeting credentials hidden from anonymous callers, and a course list
 * with its sections in a constant number of SQL statements.
 */
describe.each(databaseKinds)('GraphQL sections on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { roles: ['admin'], name: 'Ada Admin' },
    teacher: { roles: ['teacher'], name: 'Tom Teacher' },
    participant: { name: 'Pia Participant' },
  });
  const { token, as, eventCount } = fx;
  const codeOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code;

  beforeAll(async () => {
    for (const [who, name] of [
      ['admin', 'Family planning'],
      ['teacher', 'Teacher course'],
    ] as const) {
      const created = await graphql(
        fx.app,
        'mutation ($doc: JSON!) { createCourse(doc: $doc) { success } }',
        {
          ...as(who),
          variables: { doc: { name, language: 'en' } },
        },
      );
      expect(created.data).toEqual({ createCourse: { success: true } });
    }
  });

  const classroomFields = `classroom {
    name type startdate enddate meetingId pwd extraInfo recordings { url titel }
    breakoutrooms { name startdate jitsi roomNumber breakoutroomInteriorInfo }
    breakoutroomCountdown breakoutroomCountdownStarted breakoutroomInfo
  }`;
  const sectionFields = `path name originId info date location teacher ${classroomFields} image { name alt }
    published public language parentType parentPath owners { _id } modules { path } files { path }`;
  const createMutation = `mutation ($doc: JSON!) {
    createSection(doc: $doc) { success message section { path name published parentType parentPath classroom { name pwd } } }
  }`;
  const updateMutation = `mutation ($path: String!, $doc: JSON!) {
    updateSection(path: $path, doc: $doc) { success message section { path name location published classroom { pwd extraInfo } } }
  }`;
  const deleteMutation = `mutation ($path: String!) { deleteSection(path: $path) { success message } }`;
  const sectionQuery = `query ($path: String!) { section(path: $path) { ${sectionFields} } }`;
  type CourseSections = { course: { sections: { path: string; published: boolean; classroom: unknown }[] } };
  const courseSections = `query ($path: String!) {
    course(path: $path) { sections { path published classroom { name meetingId pwd } } }
  }`;
  const sectionPaths = async (who: keyof typeof token | null, path = 'family-planning') =>
    (
      await graphql<CourseSections>(fx.app, courseSections, { ...as(who), variables: { path } })
    ).data?.course.sections.map((section) => section.path);

  const room = {
    name: 'Live',
    type: 'jitsi',
    startdate: '2027-01-10T10:00:00+01:00',
    meetingId: 'meet-42',
    pwd: 'secret',
    recordings: [{ url: 'https://example.org/rec-1', titel: 'Session 1' }],
    breakoutrooms: [
      {
        name: 'Room A',
        startdate: null,
        jitsi: 'https://meet.jit.si/room-a',
        roomNumber: 1,
        breakoutroomInteriorInfo: 'Group work',
      },
    ],
    breakoutroomCountdown: 5,
  };
  const newSection = (name: string, parentPath = 'family-planning', extra: Record<string, unknown> = {}) => ({
    parentType: 'course',
    parentPath,
    name,
    language: 'en',
    ...extra,
  });

  it('creates, reads, updates, unpublishes and deletes a section as admin', async () => {
    const created = await graphql(fx.app, createMutation, {
      ...as('admin'),
      variables: { doc: newSection('Week one', 'family-planning', { info: 'Intro', classroom: room }) },
    });
    expect(created.data?.createSection).toEqual({
      success: true,
      message: 'The section is created.',
      section: {
        path: 'week-one',
        name: 'Week one',
        published: true,
        parentType: 'course',
        parentPath: 'family-planning',
        classroom: { name: 'Live', pwd: 'secret' },
      },
    });

    const read = await graphql(fx.app, sectionQuery, {
      ...as('participant'),
      variables: { path: 'week-one' },
    });
    expect(read.errors).toBeUndefined();
    expect(read.data?.section).toEqual({
      path: 'week-one',
      name: 'Week one',
      originId: null,
      info: 'Intro',
      date: null,
      location: '',
      teacher: '',
      classroom: {
        ...room,
        enddate: null,
        extraInfo: '',
        breakoutroomCountdownStarted: null,
        breakoutroomInfo: '',
      },
      image: null,
      published: true,
      public: true,
      language: 'en',
      parentType: 'course',
      parentPath: 'family-planning',
      // Typed empty lists until section owners, modules and files land.
      owners: [],
      modules: [],
      files: [],
    });

    // A partial doc changes only what it names; a partial classroom keeps the stored room's fields.
    const updated = await graphql(fx.app, updateMutation, {
      ...as('admin'),
      variables: {
        path: 'week-one',
        doc: { location: 'Gent', classroom: { extraInfo: 'Bring headphones' } },
      },
    });
    expect(updated.data?.updateSection).toEqual({
      success: true,
      message: 'The section is saved.',
      section: {
        path: 'week-one',
        name: 'Week one',
        location: 'Gent',
        published: true,
        classroom: { pwd: 'secret', extraInfo: 'Bring headphones' },
      },
    });

    const unpublished = await graphql(fx.app, updateMutation, {
      ...as('admin'),
      variables: { path: 'week-one', doc: { published: false } },
    });
    expect(unpublished.data?.updateSection).toMatchObject({ success: true, section: { published: false } });
    const hidden = await graphql(fx.app, sectionQuery, {
      ...as('participant'),
      variables: { path: 'week-one' },
    });
    expect(hidden.data).toEqual({ section: null });
    expect(hidden.errors?.[0]).toMatchObject({
      message: 'This section does not exist.',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await sectionPaths('participant')).toEqual([]);
    expect(await sectionPaths('admin')).toEqual(['week-one']);
    const adminRead = await graphql(fx.app, sectionQuery, {
      ...as('admin'),
      variables: { path: 'week-one' },
    });
    expect(adminRead.data?.section).toMatchObject({ path: 'week-one', published: false, location: 'Gent' });

    const republished = await graphql(fx.app, updateMutation, {
      ...as('admin'),
      variables: { path: 'week-one', doc: { published: true, name: 'Week 1' } },
    });
    expect(republished.data?.updateSection).toMatchObject({
      success: true,
      section: { path: 'week-one', name: 'Week 1', published: true },
    });

    const draft = await graphql(fx.app, createMutation, {
      ...as('admin'),
      variables: { doc: newSection('Draft', 'family-planning', { published: false, path: 'draft-section' }) },
    });
    expect(draft.data?.createSection).toMatchObject({
      success: true,
      section: { path: 'draft-section', published: false, classroom: null },
    });
    expect(await sectionPaths('participant')).toEqual(['week-one']);
    expect(await sectionPaths('admin')).toEqual(['week-one', 'draft-section']);

    for (const path of ['week-one', 'draft-section']) {
      const deleted = await graphql(fx.app, deleteMutation, { ...as('admin'), variables: { path } });
      expect(deleted.data?.deleteSection).toEqual({ success: true, message: 'The section is deleted.' });
    }
    const gone = await graphql(fx.app, sectionQuery, { ...as('admin'), variables: { path: 'week-one' } });
    expect(codeOf(gone)).toBe('NOT_FOUND');
    expect(await sectionPaths('admin')).toEqual([]);
  });

  it('hides meeting credentials from anonymous callers only', async () => {
    await graphql(fx.app, createMutation, {
      ...as('admin'),
      variables: { doc: newSection('Open session', 'family-planning', { classroom: room }) },
    });
    const query = `query ($path: String!) { section(path: $path) { path classroom { name meetingId pwd } } }`;
    const anonymous = await graphql(fx.app, query, { variables: { path: 'open-session' } });
    expect(anonymous.data?.section).toEqual({
      path: 'open-session',
      classroom: { name: 'Live', meetingId: null, pwd: null },
    });
    const anonymousCourse = await graphql<CourseSections>(fx.app, courseSections, {
      variables: { path: 'family-planning' },
    });
    expect(anonymousCourse.data?.course.sections).toEqual([
      { path: 'open-session', published: true, classroom: { name: 'Live', meetingId: null, pwd: null } },
    ]);
    expect(anonymousCourse.raw).not.toContain('secret');
    for (const who of ['participant', 'teacher', 'admin'] as const) {
      const signedIn = await graphql(fx.app, query, { ...as(who), variables: { path: 'open-session' } });
      expect(signedIn.data?.section).toEqual({
        path: 'open-session',
        classroom: { name: 'Live', meetingId: 'meet-42', pwd: 'secret' },
      });
    }
    await graphql(fx.app, deleteMutation, { ...as('admin'), variables: { path: 'open-session' } });
  });

  it('lets a teacher manage the sections of their own courses only', async () => {
    const own = await graphql(fx.app, createMutation, {
      ...as('teacher'),
      variables: { doc: newSection('Teacher week', 'teacher-course') },
    });
    expect(own.data?.createSection).toMatchObject({
      success: true,
      section: { path: 'teacher-week', parentPath: 'teacher-course' },
    });
    const editOwn = await graphql(fx.app, updateMutation, {
      ...as('teacher'),
      variables: { path: 'teacher-week', doc: { name: 'Teacher week 2' } },
    });
    expect(editOwn.data?.updateSection).toMatchObject({ success: true, section: { name: 'Teacher week 2' } });
    expect(await sectionPaths('teacher', 'teacher-course')).toEqual(['teacher-week']);

    await graphql(fx.app, createMutation, {
      ...as('admin'),
      variables: { doc: newSection('Admin week', 'family-planning') },
    });
    const before = await eventCount();
    const editOther = await graphql(fx.app, updateMutation, {
      ...as('teacher'),
      variables: { path: 'admin-week', doc: { name: 'Mine now' } },
    });
    expect(editOther.data?.updateSection).toEqual({
      success: false,
      message: 'You are not allowed to do this.',
      section: null,
    });
    const unpublishOther = await graphql(fx.app, updateMutation, {
      ...as('teacher'),
      variables: { path: 'admin-week', doc: { published: false } },
    });
    expect(unpublishOther.data?.updateSection).toMatchObject({ success: false });
    const deleteOther = await graphql(fx.app, deleteMutation, {
      ...as('teacher'),
      variables: { path: 'admin-week' },
    });
    expect(deleteOther.data?.deleteSection).toEqual({
      success: false,
      message: 'You are not allowed to do this.',
    });
    expect(await eventCount()).toBe(before);

    // Like tRPC section.listByCourse (the one visibility rule): who manages the course (its owner,
    // or the view or edit right) sees its unpublished sections, as opening them succeeds for them.
    await graphql(fx.app, updateMutation, {
      ...as('teacher'),
      variables: { path: 'teacher-week', doc: { published: false } },
    });
    expect(await sectionPaths('teacher', 'teacher-course')).toEqual(['teacher-week']);
    expect(await sectionPaths('participant', 'teacher-course')).toEqual([]);
    expect(await sectionPaths('admin', 'teacher-course')).toEqual(['teacher-week']);

    const deleteOwn = await graphql(fx.app, deleteMutation, {
      ...as('teacher'),
      variables: { path: 'teacher-week' },
    });
    expect(deleteOwn.data?.deleteSection).toEqual({ success: true, message: 'The section is deleted.' });
  });

  it('refuses participants, anonymous callers and bad input with success: false, writing nothing', async () => {
    const before = await eventCount();
    const participant = await graphql(fx.app, createMutation, {
      ...as('participant'),
      variables: { doc: newSection('Nope') },
    });
    expect(participant.data?.createSection).toEqual({
      success: false,
      message: 'You are not allowed to do this.',
      section: null,
    });
    const anonymous = await graphql(fx.app, createMutation, { variables: { doc: newSection('Nope') } });
    expect(anonymous.data?.createSection).toMatchObject({ success: false, message: 'Please sign in first.' });
    const participantUpdate = await graphql(fx.app, updateMutation, {
      ...as('participant'),
      variables: { path: 'admin-week', doc: { name: 'X' } },
    });
    expect(participantUpdate.data?.updateSection).toMatchObject({
      success: false,
      message: 'You are not allowed to do this.',
    });
    const participantDelete = await graphql(fx.app, deleteMutation, {
      ...as('participant'),
      variables: { path: 'admin-week' },
    });
    expect(participantDelete.data?.deleteSection).toEqual({
      success: false,
      message: 'You are not allowed to do this.',
    });

    const refusals: [Record<string, unknown>, string][] = [
      [newSection(''), 'This field is required.'],
      [newSection('X', 'no-such-course'), 'Oops, this course does not exist.'],
      [{ ...newSection('X'), parentType: 'module' }, 'Some fields are not valid.'],
      [
        newSection('X', 'family-planning', { classroom: { name: 'Live', type: 'teams' } }),
        'Choose zoom or jitsi.',
      ],
      [
        newSection('X', 'family-planning', {
          classroom: { name: 'Live', type: 'zoom', startdate: '2027-05-02', enddate: '2027-05-01' },
        }),
        'The enddate cannot be earlier than the startdate.',
      ],
      [newSection('X', 'family-planning', { published: 'yes' }), 'Some fields are not valid.'],
    ];
    for (const [doc, message] of refusals) {
      const refused = await graphql(fx.app, createMutation, { ...as('admin'), variables: { doc } });
      expect(refused.data?.createSection).toEqual({ success: false, message, section: null });
    }
    const notAnObject = await graphql(fx.app, createMutation, { ...as('admin'), variables: { doc: [1] } });
    expect(notAnObject.data?.createSection).toMatchObject({
      success: false,
      message: 'Some fields are not valid.',
    });
    const dutch = await graphql(fx.app, createMutation, {
      ...as('admin', { 'accept-language': 'nl' }),
      variables: { doc: newSection('') },
    });
    // The language the request names (nl) wins over the admin's own (en).
    expect(dutch.data?.createSection).toMatchObject({ success: false, message: 'Dit veld is verplicht.' });
    const anonymousDutch = await graphql(fx.app, createMutation, {
      ...as(null, { 'accept-language': 'nl' }),
      variables: { doc: newSection('X') },
    });
    expect(anonymousDutch.data?.createSection).toMatchObject({
      success: false,
      message: 'Meld je eerst aan.',
    });

    const missing = await graphql(fx.app, updateMutation, {
      ...as('admin'),
      variables: { path: 'no-such-section', doc: { name: 'X' } },
    });
    expect(missing.data?.updateSection).toMatchObject({
      success: false,
      message: 'This section does not exist.',
    });
    for (const doc of [{}, { parentPath: 'teacher-course' }, { name: '' }]) {
      const refused = await graphql(fx.app, updateMutation, {
        ...as('admin'),
        variables: { path: 'admin-week', doc },
      });
      expect(refused.data?.updateSection).toMatchObject({ success: false, section: null });
    }
    const missingDelete = await graphql(fx.app, deleteMutation, {
      ...as('admin'),
      variables: { path: 'no-such-section' },
    });
    expect(missingDelete.data?.deleteSection).toEqual({
      success: false,
      message: 'This section does not exist.',
    });
    const badPath = await graphql(fx.app, sectionQuery, { variables: { path: 'Not A Path' } });
    expect(badPath.errors?.[0]).toMatchObject({
      message: '“path” is not valid: Use lower-case letters, digits and hyphens.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await eventCount()).toBe(before);
    for (const answer of [participant, anonymous, missing, badPath]) {
      expect(answer.raw).not.toMatch(/stack|\.ts:\d|select |insert into/i);
    }
  });
});

describe.each(databaseKinds)('GraphQL course sections in SQL statements on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminToken: string;
  const counter = { statements: 0 };
  // Counts the statements the app runs through its read handle (commands use their own).
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements += 1;
      return args.result;
    },
  };
  const system = { userId: 'system', roles: ['admin'], rules: allRules() };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    const counted = {
      ...platform,
      database: { ...platform.database, db: platform.database.db.withPlugin(plugin) },
    };
    app = await buildApp(counted, { clientRoot: emptyClientRoot() });
    adminToken = (await addTestUser(platform, { roles: ['admin'] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** Courses from..to, each with three sections that have a classroom. */
  async function addCourses(from: number, to: number) {
    for (let n = from; n < to; n++) {
      const outcome = await createCourse(platform, system, systemMeta('test'), {
        course: {
          name: `Course ${String(n).padStart(3, '0')}`,
          language: 'en',
          info: '',
          originId: null,
          showUserList: false,
          showTeam: true,
          location: '',
          startdate: null,
          enddate: null,
          teacher: '',
          public: true,
          onHome: false,
          image: null,
        },
      });
      const parentPath = outcome.events[0]!.data.path as string;
      for (const k of [1, 2, 3]) {
        await createSection(platform, system, systemMeta('test'), {
          parentType: 'course',
          parentPath,
          section: sectionInputSchema.parse({
            name: `Section ${n}-${k}`,
            language: 'en',
            classroom: { name: `Room ${n}-${k}`, type: 'jitsi' },
          }),
        });
      }
    }
  }

  type Courses = { courses: { path: string; sections?: { name: string; classroom: { name: string } }[] }[] };
  async function counted(query: string) {
    counter.statements = 0;
    const answer = await graphql<Courses>(app, query, { token: adminToken });
    expect(answer.errors).toBeUndefined();
    return { courses: answer.data!.courses, statements: counter.statements };
  }
  const withSections = '{ courses(onAdmin: true) { path sections { name classroom { name } } } }';
  const withoutSections = '{ courses(onAdmin: true) { path } }';

  it('answers courses with their sections and classrooms in a constant number of statements', async () => {
    await addCourses(0, 2);
    // The first request takes the request limiter's share of the budget; the ones measured spend it.
    await counted(withoutSections);
    const few = await counted(withSections);
    expect(few.courses).toHaveLength(2);

    await addCourses(2, 20);
    const many = await counted(withSections);
    expect(many.courses).toHaveLength(20);
    for (const [n, course] of many.courses.entries()) {
      expect(course.sections).toEqual(
        [1, 2, 3].map((k) => ({ name: `Section ${n}-${k}`, classroom: { name: `Room ${n}-${k}` } })),
      );
    }
    // The sections of all the courses cost one statement, for 2 courses as for 20.
    const bare = await counted(withoutSections);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBe(bare.statements + 1);
  });
});
