import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../events/permissions';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { createCourse } from '../../server/course/commands';
import { linkUser } from '../../server/user/commands';
import { systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { emptyClientRoot, graphql } from './client';

/**
 * Counts the SQL statements the app runs through its read handle (commands use their own), and
 * can make reads of one table fail as a broken database would.
 */
function countingPlugin() {
  const counter = { statements: 0, failOn: null as string | null };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (counter.failOn && JSON.stringify(args.node).includes(counter.failOn))
        throw new Error(`relation "${counter.failOn}" is broken at /work/secret.ts:12`);
      return args.node;
    },
    transformResult: async (args) => {
      counter.statements += 1;
      return args.result;
    },
  };
  return { counter, plugin };
}

describe.each(databaseKinds)('GraphQL SQL on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminToken: string;
  const { counter, plugin } = countingPlugin();
  const system = { userId: 'system', roles: ['admin'], rules: allRules() };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    await ensureTeacherRole(platform);
    // The app reads through a counting handle; the command pipeline keeps the real one.
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

  /** n courses, each owned by one of three teachers, with three of eight participants linked. */
  async function addCourses(from: number, to: number) {
    const teachers = await Promise.all(
      [0, 1, 2].map((i) => addTestUser(platform, { roles: ['teacher'], name: `Teacher ${from}-${i}` })),
    );
    const participants = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addTestUser(platform, { name: `Participant ${from}-${i}` })),
    );
    for (let n = from; n < to; n++) {
      const owner = teachers[n % 3]!;
      const actor = { userId: owner.userId, roles: ['teacher'], rules: { ...allRules(), view: false } };
      const outcome = await createCourse(platform, actor, systemMeta('test'), {
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
      const path = outcome.events[0]!.data.path as string;
      for (const k of [0, 1, 2]) {
        const participant = participants[(n + k) % participants.length]!;
        await linkUser(platform, system, systemMeta('test'), {
          userId: participant.userId,
          itemType: 'course',
          itemPath: path,
          linked: true,
        });
      }
    }
  }

  const query = '{ courses(onAdmin: true) { path owners { name } users { name courses } } }';
  async function countedQuery() {
    counter.statements = 0;
    const answer = await graphql<{ courses: { path: string; owners: unknown[]; users: unknown[] }[] }>(
      app,
      query,
      {
        token: adminToken,
      },
    );
    expect(answer.errors).toBeUndefined();
    return { courses: answer.data!.courses, statements: counter.statements };
  }

  it('answers courses with owners and participants in a constant number of SQL statements', async () => {
    await addCourses(0, 5);
    // The first request takes this instance's share of the request budget (one statement); the
    // next ones spend it without the database.
    await countedQuery();
    const few = await countedQuery();
    expect(few.courses).toHaveLength(5);

    await addCourses(5, 50);
    const many = await countedQuery();
    expect(many.courses).toHaveLength(50);
    for (const course of many.courses) {
      expect(course.owners).toHaveLength(1);
      expect(course.users).toHaveLength(3);
    }
    // The caller's access and their roles' actions, the list, all owners, all participants, all
    // their links: six statements, for 5 courses as for 50.
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(6);
  });

  it("answers a participant's progress over a list of modules in a constant number of SQL statements", async () => {
    const participant = await addTestUser(platform, { name: 'Paula Progress' });
    const admin = { token: adminToken };
    async function addModules(from: number, to: number) {
      for (let n = from; n < to; n++) {
        const path = `progress-${n}`;
        const doc = { path, name: `Progress ${n}`, language: 'en', public: true };
        await graphql(app, 'mutation ($doc: JSON!) { createModule(doc: $doc) { success } }', {
          ...admin,
          variables: { doc },
        });
        const question = {
          name: 'q',
          type: 'question',
          questionType: 'radio',
          label: 'Right or wrong?',
          options: [
            { label: 'Right', value: 'right', score: 1 },
            { label: 'Wrong', value: 'wrong', score: 0 },
          ],
          schema: {},
        };
        const page = {
          parentType: 'module',
          parentPath: path,
          path: `${path}-p`,
          name: 'Q',
          type: 'question',
          content: [question],
        };
        await graphql(app, 'mutation ($doc: JSON!) { createPage(doc: $doc) { success } }', {
          ...admin,
          variables: { doc: page },
        });
        const saved = await graphql<{ saveResult: { success: boolean } }>(
          app,
          'mutation ($m: String!, $p: String!, $r: JSON!) { saveResult(module: $m, page: $p, result: $r) { success } }',
          {
            token: participant.token,
            variables: { m: path, p: `${path}-p`, r: { answers: { q: 'right' }, confirm: ['q'] } },
          },
        );
        expect(saved.data?.saveResult.success).toBe(true);
      }
    }
    const progress = async () => {
      counter.statements = 0;
      const answer = await graphql<{
        modules: { path: string; completed: boolean; pages: { completed: boolean }[] }[];
      }>(app, '{ modules { path completed ongoing result pages { completed result } } }', {
        token: participant.token,
      });
      expect(answer.errors).toBeUndefined();
      const mine = answer.data!.modules.filter((module) => module.path.startsWith('progress-'));
      return { mine, statements: counter.statements };
    };
    await addModules(0, 3);
    const few = await progress();
    expect(few.mine.map((module) => module.completed)).toEqual([true, true, true]);
    await addModules(3, 12);
    const many = await progress();
    expect(many.mine).toHaveLength(12);
    expect(many.mine.every((module) => module.completed && module.pages[0]?.completed)).toBe(true);
    expect(many.statements).toBe(few.statements);
  });

  it('masks a failing database: a generic message, never SQL or a stack trace', async () => {
    counter.failOn = 'course_summaries';
    try {
      const query = await graphql(app, '{ currentUser { _id } courses { path } }', { token: adminToken });
      expect(query.data).toBeNull();
      expect(query.errors).toEqual([
        expect.objectContaining({
          message: 'Unexpected error.',
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        }),
      ]);
      const mutation = await graphql(
        app,
        'mutation { updateCourse(path: "course-000", doc: { name: "X" }) { success message } }',
        { token: adminToken, headers: { 'accept-language': 'nl' } },
      );
      // In the language the request names, over the admin's own (en).
      expect(mutation.data).toEqual({ updateCourse: { success: false, message: 'Er ging iets mis' } });
      for (const answer of [query, mutation]) expect(answer.raw).not.toMatch(/course_summaries|secret|stack/);
    } finally {
      counter.failOn = null;
    }
  });
});
