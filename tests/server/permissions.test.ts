import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema } from '../../events/course/commands';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';
import { allRules, noRules } from '../../events/permissions';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { createCourse } from '../../server/course/commands';
import { createModule } from '../../server/module/commands';
import { createPage } from '../../server/page/commands';
import { saveResult } from '../../server/result/commands';
import { createRole } from '../../server/role/commands';
import { systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type ActorName = 'anonymous' | 'participant' | 'teacher' | 'custom' | 'owner' | 'admin';
const actors: ActorName[] = ['anonymous', 'participant', 'teacher', 'custom', 'owner', 'admin'];

/**
 * Who may do what (docs/guide/users-and-roles.md). Owner: a user with the custom role who owns the
 * target course.
 */
const table: { command: string; allowed: ActorName[] }[] = [
  { command: 'course.create', allowed: ['teacher', 'custom', 'owner', 'admin'] },
  { command: 'course.update', allowed: ['owner', 'admin'] },
  { command: 'course.publish', allowed: ['owner', 'admin'] },
  { command: 'course.unpublish', allowed: ['owner', 'admin'] },
  { command: 'course.delete', allowed: ['owner', 'admin'] },
  // The course's owner reads its history too.
  { command: 'course.history', allowed: ['owner', 'admin'] },
  { command: 'role.create', allowed: ['admin'] },
  { command: 'role.update', allowed: ['admin'] },
  { command: 'role.delete', allowed: ['admin'] },
  { command: 'user.create', allowed: ['admin'] },
  { command: 'user.setRoles', allowed: ['admin'] },
  // The course is the platform's: assign_participants (the teacher) reaches only what one may edit.
  { command: 'user.link', allowed: ['admin'] },
  { command: 'user.list', allowed: ['teacher', 'admin'] },
  { command: 'user.delete', allowed: ['admin'] },
  { command: 'user.updateProfile', allowed: ['participant', 'teacher', 'custom', 'owner', 'admin'] },
  // Owner: of the module. The teacher role has neither the view nor the edit right.
  { command: 'result.grantAttempt', allowed: ['owner', 'admin'] },
];

const system = { userId: 'system', roles: ['admin'], rules: allRules() };
const oneAttempt = {
  type: 'radio',
  questionType: 'single',
  name: 'q',
  label: 'Right or wrong?',
  schema: { attempts: 1 },
  options: [
    { label: 'Right', value: 'right', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
};
const queries = new Set(['course.history', 'user.list']);

describe.each(databaseKinds)('permissions on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens: Partial<Record<ActorName, string>> = {};
  let ownerId = '';
  let counter = 0;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    await ensureTeacherRole(platform);
    await createRole(platform, system, systemMeta('test'), {
      name: 'creator',
      actions: {
        view: false,
        create: true,
        edit: false,
        delete: false,
        assign_participants: false,
        assign_owners: false,
        manage_roles: false,
        manage_users: false,
      },
    });
    tokens.participant = (await addTestUser(platform)).token;
    tokens.teacher = (await addTestUser(platform, { roles: ['teacher'] })).token;
    tokens.custom = (await addTestUser(platform, { roles: ['creator'] })).token;
    const owner = await addTestUser(platform, { roles: ['creator'] });
    tokens.owner = owner.token;
    ownerId = owner.userId;
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** Fresh targets for every attempt, so one allowed delete does not change the next row. */
  async function inputFor(command: string): Promise<unknown> {
    counter++;
    const ownerActor = {
      userId: ownerId,
      roles: ['creator'],
      rules: { ...allRules(), delete: false, edit: false },
    };
    switch (command) {
      case 'course.create':
        return { course: { name: `Created ${counter}`, language: 'en' } };
      case 'course.update':
      case 'course.publish':
      case 'course.unpublish':
      case 'course.delete':
      case 'course.history': {
        const outcome = await createCourse(platform, ownerActor, systemMeta('test'), {
          course: courseInputSchema.parse({ name: `Owned ${counter}`, language: 'en' }),
        });
        const path = outcome.events[0]!.data.path as string;
        return command === 'course.update' ? { path, course: { name: 'Renamed', language: 'nl' } } : { path };
      }
      case 'role.create':
        return { name: `role-${counter}`, actions: { view: true } };
      case 'role.update':
      case 'role.delete': {
        const name = `target-role-${counter}`;
        await createRole(platform, system, systemMeta('test'), {
          name,
          actions: { ...allRules(), manage_roles: false, manage_users: false },
        });
        return command === 'role.update' ? { name, doc: { name, actions: { view: true } } } : { name };
      }
      case 'user.create':
        return { name: 'New person', email: `new-${counter}@example.org` };
      case 'user.setRoles':
        return { _id: (await addTestUser(platform)).userId, roles: ['teacher'] };
      case 'user.link': {
        const outcome = await createCourse(platform, system, systemMeta('test'), {
          course: courseInputSchema.parse({ name: `Linkable ${counter}`, language: 'en' }),
        });
        const path = outcome.events[0]!.data.path as string;
        return {
          _id: (await addTestUser(platform)).userId,
          itemType: 'course',
          itemPath: path,
          linked: true,
        };
      }
      case 'user.delete':
        return { _id: (await addTestUser(platform)).userId };
      case 'user.list':
        return { search: 'test' };
      case 'user.updateProfile':
        return { name: 'Updated name', language: 'fr' };
      case 'result.grantAttempt': {
        // A module of the owner's with one question, whose only attempt a participant used up.
        const module = await createModule(platform, ownerActor, systemMeta('test'), {
          module: moduleInputSchema.parse({ name: `Quiz ${counter}`, language: 'en' }),
        });
        const page = await createPage(platform, ownerActor, systemMeta('test'), {
          parentType: 'module',
          parentPath: module,
          page: pageInputSchema.parse({ name: `Check ${counter}`, type: 'question', content: [oneAttempt] }),
        });
        const participant = await addTestUser(platform);
        const learner = { userId: participant.userId, roles: [], rules: noRules() };
        await saveResult(platform, learner, systemMeta('test'), {
          module,
          page,
          result: { answers: { q: 'wrong' }, confirm: ['q'] },
        });
        return { module, page, user: participant.userId, question: 'q' };
      }
      default:
        throw new Error(`no input for ${command}`);
    }
  }

  async function attempt(actor: ActorName, command: string): Promise<number> {
    const input = await inputFor(command);
    const headers = tokens[actor as Exclude<ActorName, 'anonymous'>]
      ? { authorization: `Bearer ${tokens[actor as Exclude<ActorName, 'anonymous'>]}` }
      : {};
    const response = queries.has(command)
      ? await app.inject({
          url: `/trpc/${command}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        })
      : await app.inject({ method: 'POST', url: `/trpc/${command}`, payload: input as object, headers });
    return response.statusCode;
  }

  for (const row of table) {
    for (const actor of actors) {
      const allowed = row.allowed.includes(actor);
      it(`${row.command} by ${actor} is ${allowed ? 'allowed' : 'refused'}`, async () => {
        const status = await attempt(actor, row.command);
        if (allowed) expect(status).toBe(200);
        else expect(status).toBe(actor === 'anonymous' ? 401 : 403);
      });
    }
  }

  it('lets only an admin give the admin role', async () => {
    const target = await addTestUser(platform);
    const manager = await addTestUser(platform, { roles: ['admin'] });
    await createRole(platform, system, systemMeta('test'), {
      name: 'user-manager',
      actions: { ...allRules(), manage_users: true, manage_roles: false },
    });
    const managerOnly = await addTestUser(platform, { roles: ['user-manager'] });
    const give = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/user.setRoles',
        payload: { _id: target.userId, roles: ['admin'] },
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await give(managerOnly.token)).statusCode).toBe(403);
    expect((await give(manager.token)).statusCode).toBe(200);
  });

  it('shows editors without the view right only their own courses in the admin list', async () => {
    const editor = await addTestUser(platform, { roles: ['creator'] });
    await createCourse(platform, system, systemMeta('test'), {
      course: courseInputSchema.parse({ name: 'Not mine', language: 'en' }),
    });
    const created = await app.inject({
      method: 'POST',
      url: '/trpc/course.create',
      payload: { course: { name: 'Mine only', language: 'nl' } },
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(created.json()).toMatchObject({ result: { data: {} } });
    const mine = created.json().result.data.path;
    const list = (token: string) =>
      app.inject({
        url: `/trpc/course.list?input=${encodeURIComponent(JSON.stringify({ onAdmin: true }))}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const editorPaths = (await list(editor.token)).json().result.data.map((c: { path: string }) => c.path);
    expect(editorPaths).toEqual([mine]);
    const adminPaths = (await list(tokens.admin!)).json().result.data.map((c: { path: string }) => c.path);
    expect(adminPaths.length).toBeGreaterThan(1);
    expect(adminPaths).toContain(mine);
  });
});
