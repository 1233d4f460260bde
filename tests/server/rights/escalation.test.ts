import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseStream } from '../../../events/course/events';
import type { TextKey } from '../../../events/errors';
import { moduleStream } from '../../../events/module/events';
import { readStream } from '../../../events/store';
import { findCourseByPath } from '../../../projections/course/course-summaries';
import { moduleIdByPath } from '../../../projections/module/module-summaries';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { translator } from '../../../server/i18n';
import { emptyClientRoot, graphql } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * Custom roles cannot escalate. A role editor who is not an administrator neither creates, changes,
 * copies into nor deletes a role they hold, and gives a role no action they lack; a user manager
 * neither changes, exports nor erases an administrator, leaves administrators out of the users CSV,
 * and gives no role carrying actions they lack; whoever assigns owners never names themselves.
 * Each refusal over tRPC and, where it has one, its GraphQL twin, writing no event; each beside the
 * call that stays allowed. Also: adding a course owner together with the course's modules.
 */

type Who = 'admin' | 'roleEditor' | 'userManager' | 'ownerAssigner' | 'teacher' | 'otherAdmin' | 'plain';

const t = translator('en');

describe.each(databaseKinds)('no escalation through custom roles on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const emails = {} as Record<Who, string>;
  const { call, as, eventCount } = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind, {
      env: { RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_USER: '0' },
    });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    const admin = await addTestUser(platform, { roles: ['admin'], name: 'The admin' });
    tokens.admin = admin.token;
    const roles = {
      'role-editor': { manage_roles: true, view: true },
      'user-manager': { manage_users: true, view: true },
      'owner-assigner': { assign_owners: true },
      'wide-role': { view: true, create: true, edit: true },
      viewer: { view: true },
      ghost: { view: true },
    };
    for (const [name, actions] of Object.entries(roles)) await as('admin', 'role.create', { name, actions });
    for (const [who, held] of [
      ['roleEditor', ['role-editor', 'ghost']],
      ['userManager', ['user-manager']],
      ['ownerAssigner', ['owner-assigner']],
      ['teacher', ['teacher']],
      ['otherAdmin', ['admin']],
      ['plain', []],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...held], name: `The ${who}` });
      tokens[who] = user.token;
      ids[who] = user.userId;
      emails[who] = user.email;
    }
    ids.admin = admin.userId;
    emails.admin = admin.email;
    // A role deleted while someone still holds its name: recreating it would hand them its actions.
    await as('admin', 'role.delete', { name: 'ghost' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** A tRPC refusal with its code and message key, writing no event. */
  async function refused(who: Who, procedure: string, input: unknown, key: string, mutation = true) {
    const before = await eventCount();
    const headers = { authorization: `Bearer ${tokens[who]}` };
    const response = mutation
      ? await app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input as object, headers })
      : await app.inject({
          url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        });
    const body = response.json() as { error?: { data: { code: string; key: string } } };
    expect(body.error?.data, procedure).toMatchObject({ code: 'FORBIDDEN', key });
    expect(await eventCount(), procedure).toBe(before);
  }

  /** A GraphQL mutation's answer: { success, message }. */
  async function mutate(who: Who, document: string, variables: Record<string, unknown>) {
    const answer = await graphql<Record<string, { success: boolean; message: string | null }>>(
      app,
      document,
      { variables, token: tokens[who] },
    );
    expect(answer.errors, document).toBeUndefined();
    return Object.values(answer.data ?? {})[0]!;
  }

  /** A GraphQL mutation refused with the message of `key`, writing no event. */
  async function refusedGraphql(
    who: Who,
    document: string,
    variables: Record<string, unknown>,
    key: TextKey,
  ) {
    const before = await eventCount();
    expect(await mutate(who, document, variables)).toEqual({ success: false, message: t(key) });
    expect(await eventCount(), document).toBe(before);
  }

  const role = (name: string) =>
    as<{ actions: Record<string, boolean> }>('admin', 'role.byName', { name }, false);

  const createRole = 'mutation ($role: JSON) { createRole(role: $role) { success message } }';
  const updateRole =
    'mutation ($name: String!, $doc: JSON) { updateRole(name: $name, doc: $doc) { success message } }';
  const deleteRole = 'mutation ($name: String!) { deleteByName(name: $name) { success message } }';
  const updateUser =
    'mutation ($_id: ID!, $doc: JSON) { updateUser(_id: $_id, doc: $doc) { success message } }';
  const deleteUser = 'mutation ($_id: ID!) { deleteUser(_id: $_id) { success message } }';

  describe('a role editor', () => {
    it('neither changes nor deletes a role they hold', async () => {
      const own = { name: 'role-editor', doc: { name: 'role-editor', actions: { manage_roles: true } } };
      await refused('roleEditor', 'role.update', own, 'role.heldByYou');
      await refused('roleEditor', 'role.delete', { name: 'role-editor' }, 'role.heldByYou');
      await refusedGraphql(
        'roleEditor',
        updateRole,
        { name: 'role-editor', doc: { actions: { manage_users: true } } },
        'role.heldByYou',
      );
      await refusedGraphql('roleEditor', deleteRole, { name: 'role-editor' }, 'role.heldByYou');
      expect((await role('role-editor')).actions).toMatchObject({ manage_roles: true, manage_users: false });
    });

    it('neither creates nor copies into a role name they still hold', async () => {
      const ghost = { name: 'ghost', actions: { view: true } };
      await refused('roleEditor', 'role.create', ghost, 'role.heldByYou');
      await refusedGraphql('roleEditor', createRole, { role: ghost }, 'role.heldByYou');
      await refused('roleEditor', 'role.duplicate', { name: 'viewer', copyName: 'Ghost' }, 'role.heldByYou');
    });

    it('gives no role an action they lack, in a new role, a change or a copy', async () => {
      const rich = { name: 'rich-role', actions: { view: true, manage_users: true } };
      await refused('roleEditor', 'role.create', rich, 'role.actionsBeyondYours');
      await refusedGraphql('roleEditor', createRole, { role: rich }, 'role.actionsBeyondYours');
      const more = { name: 'viewer', doc: { name: 'viewer', actions: { view: true, delete: true } } };
      await refused('roleEditor', 'role.update', more, 'role.actionsBeyondYours');
      await refusedGraphql(
        'roleEditor',
        updateRole,
        { name: 'viewer', doc: { actions: { assign_owners: true } } },
        'role.actionsBeyondYours',
      );
      await refused(
        'roleEditor',
        'role.duplicate',
        { name: 'teacher', copyName: 'teacher-copy' },
        'role.actionsBeyondYours',
      );
      await refused(
        'roleEditor',
        'role.duplicate',
        { name: 'admin', copyName: 'admin-copy' },
        'role.actionsBeyondYours',
      );
      expect((await role('viewer')).actions).toMatchObject({
        view: true,
        delete: false,
        assign_owners: false,
      });
    });

    it('edits, creates, copies and deletes roles they do not hold with actions they have', async () => {
      await as('roleEditor', 'role.update', {
        name: 'viewer',
        doc: { name: 'viewer', actions: { view: true, manage_roles: true } },
      });
      expect(
        await mutate('roleEditor', updateRole, { name: 'viewer', doc: { actions: { manage_roles: false } } }),
      ).toMatchObject({ success: true });
      expect((await role('viewer')).actions).toMatchObject({ view: true, manage_roles: false });
      // Actions a role had already are not given away: a change that keeps them stays allowed.
      await as('roleEditor', 'role.update', {
        name: 'wide-role',
        doc: { name: 'wide-role', actions: { view: false, create: true, edit: true } },
      });
      expect(
        await mutate('roleEditor', updateRole, { name: 'wide-role', doc: { actions: { view: true } } }),
      ).toMatchObject({ success: true });
      expect((await role('wide-role')).actions).toMatchObject({ view: true, create: true, edit: true });
      await as('roleEditor', 'role.create', { name: 'reader', actions: { view: true } });
      expect(
        await mutate('roleEditor', createRole, { role: { name: 'reader-2', actions: { view: true } } }),
      ).toMatchObject({ success: true });
      await as('roleEditor', 'role.duplicate', { name: 'role-editor', copyName: 'role-editor-copy' });
      await as('roleEditor', 'role.delete', { name: 'reader' });
      expect(await mutate('roleEditor', deleteRole, { name: 'reader-2' })).toMatchObject({ success: true });
    });

    it('is no limit for an administrator', async () => {
      await as('admin', 'role.update', {
        name: 'role-editor-copy',
        doc: { name: 'role-editor-copy', actions: { manage_roles: true, manage_users: true } },
      });
      await as('admin', 'role.duplicate', { name: 'admin', copyName: 'admin-copy' });
      expect(Object.values((await role('admin-copy')).actions).every(Boolean)).toBe(true);
      await as('admin', 'role.delete', { name: 'admin-copy' });
      // The admin role itself stays out of reach: it is built in, not a stored role.
      const answer = await call('admin', 'role.update', {
        name: 'admin',
        doc: { name: 'admin', actions: {} },
      });
      expect(answer.ok).toBe(false);
    });
  });

  describe('a user manager', () => {
    it('neither changes, exports nor erases an administrator', async () => {
      const admin = ids.otherAdmin;
      await refused(
        'userManager',
        'user.update',
        { _id: admin, doc: { name: 'Taken over', language: 'en' } },
        'user.adminOnly',
      );
      await refused(
        'userManager',
        'user.setRoles',
        { _id: admin, roles: ['admin', 'viewer'] },
        'user.adminOnly',
      );
      await refused('userManager', 'user.delete', { _id: admin }, 'user.adminOnly');
      await refused('userManager', 'user.exportData', { _id: admin, format: 'json' }, 'user.adminOnly');
      await refused('userManager', 'user.resendInvite', { _id: admin }, 'user.adminOnly');
      await refusedGraphql(
        'userManager',
        updateUser,
        { _id: admin, doc: { name: 'Taken over' } },
        'user.adminOnly',
      );
      await refusedGraphql(
        'userManager',
        updateUser,
        { _id: admin, doc: { roles: ['viewer'] } },
        'user.adminOnly',
      );
      await refusedGraphql('userManager', deleteUser, { _id: admin }, 'user.adminOnly');
      const stillAdmin = await as<{ name: string; roles: string[] }>(
        'admin',
        'user.byId',
        { _id: admin },
        false,
      );
      expect(stillAdmin).toMatchObject({ name: 'The otherAdmin', roles: ['admin'] });
    });

    it('gives neither the admin role nor a role carrying actions they lack', async () => {
      const plain = ids.plain;
      await refused(
        'userManager',
        'user.setRoles',
        { _id: plain, roles: ['admin'] },
        'role.onlyAdminGrantsAdmin',
      );
      await refusedGraphql(
        'userManager',
        updateUser,
        { _id: plain, doc: { roles: ['admin'] } },
        'role.onlyAdminGrantsAdmin',
      );
      await refused(
        'userManager',
        'user.setRoles',
        { _id: plain, roles: ['wide-role'] },
        'role.grantBeyondYours',
      );
      await refused(
        'userManager',
        'user.setRoles',
        { _id: plain, roles: ['teacher'] },
        'role.grantBeyondYours',
      );
      await refusedGraphql(
        'userManager',
        updateUser,
        { _id: plain, doc: { roles: ['wide-role'] } },
        'role.grantBeyondYours',
      );
      await refused(
        'userManager',
        'user.create',
        { email: 'new-wide@example.org', name: 'New', language: 'en', roles: ['wide-role'] },
        'role.grantBeyondYours',
      );
      // Nor to themselves.
      await refused(
        'userManager',
        'user.setRoles',
        { _id: ids.userManager, roles: ['user-manager', 'wide-role'] },
        'role.grantBeyondYours',
      );
    });

    it('changes ordinary accounts and gives roles within their own actions', async () => {
      const plain = ids.plain;
      await as('userManager', 'user.setRoles', { _id: plain, roles: ['viewer'] });
      await as('userManager', 'user.update', { _id: plain, doc: { name: 'Renamed plain', language: 'en' } });
      expect(
        await mutate('userManager', updateUser, { _id: plain, doc: { roles: ['viewer', 'user-manager'] } }),
      ).toMatchObject({ success: true });
      // A role the person already holds is not given again: changing the others stays allowed.
      await as('admin', 'user.setRoles', { _id: plain, roles: ['wide-role'] });
      await as('userManager', 'user.setRoles', { _id: plain, roles: ['wide-role', 'viewer'] });
      const user = await as<{ roles: string[] }>('admin', 'user.byId', { _id: plain }, false);
      expect(user.roles).toEqual(['viewer', 'wide-role']);
    });

    it('exports users without the administrators; an administrator exports everyone', async () => {
      const csvAs = async (who: Who) => {
        const response = await app.inject({
          url: '/api/users.csv',
          headers: { authorization: `Bearer ${tokens[who]}` },
        });
        expect(response.statusCode).toBe(200);
        // Personal data: no cache keeps a copy.
        expect(response.headers['cache-control']).toBe('no-store');
        return response.body;
      };
      const gqlCsv = async (who: Who) =>
        (await graphql<{ usersCSV: string }>(app, '{ usersCSV }', { token: tokens[who] })).data!.usersCSV;
      for (const csv of [await csvAs('userManager'), await gqlCsv('userManager')]) {
        expect(csv).toContain(emails.plain);
        expect(csv).toContain(emails.userManager);
        expect(csv).not.toContain(emails.admin);
        expect(csv).not.toContain(emails.otherAdmin);
      }
      for (const csv of [await csvAs('admin'), await gqlCsv('admin')]) {
        expect(csv).toContain(emails.otherAdmin);
        expect(csv).toContain(emails.plain);
      }
    });

    it('is no limit for an administrator, who changes and erases another administrator', async () => {
      const spare = await addTestUser(platform, { roles: ['admin'], name: 'Spare admin' });
      await as('admin', 'user.update', {
        _id: spare.userId,
        doc: { name: 'Spare, renamed', language: 'en' },
      });
      await as('admin', 'user.exportData', { _id: spare.userId, format: 'json' });
      expect(
        await mutate('admin', updateUser, { _id: spare.userId, doc: { roles: ['admin', 'viewer'] } }),
      ).toMatchObject({ success: true });
      expect(await mutate('admin', deleteUser, { _id: spare.userId })).toMatchObject({ success: true });
    });
  });

  describe('whoever assigns owners', () => {
    let course = '';
    const modules = {
      direct: 'escalation-direct',
      inSection: 'escalation-in-section',
      apart: 'escalation-apart',
    };

    beforeAll(async () => {
      for (const path of Object.values(modules)) {
        await as('admin', 'module.create', { path, module: { name: path, language: 'en', public: false } });
      }
      course = (await as('admin', 'course.create', { course: { name: 'Owned course', language: 'en' } }))
        .path;
      const section = (
        await as('admin', 'section.create', {
          parentType: 'course',
          parentPath: course,
          section: { name: 'Week 1', language: 'en' },
        })
      ).path;
      for (const [parentType, parentPath, itemPath] of [
        ['course', course, modules.direct],
        ['section', section, modules.inSection],
      ] as const) {
        await as('admin', 'link.addItemToParent', { parentType, parentPath, itemType: 'module', itemPath });
      }
    });

    const courseOwners = async () => {
      const found = await findCourseByPath(platform.database.db, course);
      return (await readStream(platform.database.db, courseStream(found!.courseId))).filter((event) =>
        event.type.startsWith('CourseOwner'),
      );
    };
    /** A module's owners now, from its stream. */
    const moduleOwners = async (path: string) => {
      const moduleId = await moduleIdByPath(platform.database.db, path);
      const owners = new Set<string>();
      for (const event of await readStream(platform.database.db, moduleStream(moduleId!))) {
        const { userId } = event.data as { userId: string };
        if (event.type === 'ModuleOwnerAdded') owners.add(userId);
        if (event.type === 'ModuleOwnerRemoved') owners.delete(userId);
      }
      return [...owners];
    };

    it('never names themselves, on a course or a module, to add or to remove', async () => {
      const self = ids.ownerAssigner;
      await refused(
        'ownerAssigner',
        'course.addOwner',
        { path: course, userId: self },
        'user.ownerNotYourself',
      );
      await refused(
        'ownerAssigner',
        'course.addOwner',
        { path: course, userId: self, modules: true },
        'user.ownerNotYourself',
      );
      await refused(
        'ownerAssigner',
        'course.removeOwner',
        { path: course, userId: self },
        'user.ownerNotYourself',
      );
      await refused(
        'ownerAssigner',
        'module.addOwner',
        { path: modules.apart, userId: self },
        'user.ownerNotYourself',
      );
      await refused(
        'ownerAssigner',
        'module.removeOwner',
        { path: modules.apart, userId: self },
        'user.ownerNotYourself',
      );
      expect(await moduleOwners(modules.direct)).not.toContain(self);
    });

    it('names others; an administrator names themselves', async () => {
      expect(await as('ownerAssigner', 'course.addOwner', { path: course, userId: ids.teacher })).toEqual({
        path: course,
        modules: [],
      });
      expect(await moduleOwners(modules.direct)).not.toContain(ids.teacher);
      await as('ownerAssigner', 'course.removeOwner', { path: course, userId: ids.teacher });
      await as('ownerAssigner', 'module.addOwner', { path: modules.apart, userId: ids.teacher });
      await as('ownerAssigner', 'module.removeOwner', { path: modules.apart, userId: ids.teacher });
      await as('admin', 'module.addOwner', { path: modules.apart, userId: ids.admin });
      await as('admin', 'course.addOwner', { path: course, userId: ids.admin });
    });

    it("adds the course's modules too when asked, directly linked and in its sections", async () => {
      const before = (await courseOwners()).length;
      const answer = await as('ownerAssigner', 'course.addOwner', {
        path: course,
        userId: ids.teacher,
        modules: true,
      });
      expect(answer).toEqual({ path: course, modules: [modules.direct, modules.inSection] });
      expect((await courseOwners()).length).toBe(before + 1);
      expect(await moduleOwners(modules.direct)).toContain(ids.teacher);
      expect(await moduleOwners(modules.inSection)).toContain(ids.teacher);
      expect(await moduleOwners(modules.apart)).not.toContain(ids.teacher);
      // The teacher now edits them as their owner.
      await as('teacher', 'module.update', {
        path: modules.inSection,
        module: { name: 'Renamed by its new owner', language: 'en', public: false },
      });
      // Asking again changes nothing and names the same modules.
      const count = await eventCount();
      expect(
        await as('ownerAssigner', 'course.addOwner', { path: course, userId: ids.teacher, modules: true }),
      ).toEqual(answer);
      expect(await eventCount()).toBe(count);
    });
  });
});
