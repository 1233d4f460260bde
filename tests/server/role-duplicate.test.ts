import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleStream } from '../../events/role/events';
import { readStream } from '../../events/store';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/**
 * role.duplicate (manage_roles): a new role with the origin's actions under a free
 * name, its RoleCreated naming the origin; refused without manage_roles, for a taken or reserved
 * name and for a missing origin, each refusal writing no event.
 */

type Who = 'admin' | 'teacher' | 'roleManager';
type Role = { _id: string; name: string; actions: Record<string, boolean> };

describe.each(databaseKinds)('role.duplicate on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const { as, refused } = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    const admin = await addTestUser(platform, { roles: ['admin'], name: 'The admin' });
    tokens.admin = admin.token;
    // A role editor copies only roles whose actions they have themselves: the teacher's, here.
    await as('admin', 'role.create', {
      name: 'role-keeper',
      actions: { manage_roles: true, create: true, assign_participants: true },
    });
    tokens.teacher = (await addTestUser(platform, { roles: ['teacher'], name: 'A teacher' })).token;
    tokens.roleManager = (await addTestUser(platform, { roles: ['role-keeper'], name: 'Keeper' })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const role = (name: string) => as<Role>('admin', 'role.byName', { name }, false);

  it('copies the actions under the new name; the event names its origin', async () => {
    const teacher = await role('teacher');
    expect(await as('roleManager', 'role.duplicate', { name: 'teacher', copyName: 'teacher-copy' })).toEqual({
      name: 'teacher-copy',
    });
    const copy = await role('teacher-copy');
    expect(copy.actions).toEqual(teacher.actions);
    expect(copy._id).not.toBe(teacher._id);
    const events = await readStream(platform.database.db, roleStream(copy._id));
    expect(events.map((event) => [event.type, event.data])).toEqual([
      [
        'RoleCreated',
        {
          roleId: copy._id,
          name: 'teacher-copy',
          actions: teacher.actions,
          origin: { roleId: teacher._id, name: 'teacher' },
        },
      ],
    ]);
    const history = await as<{ type: string; values: { origin?: string } }[]>(
      'admin',
      'role.history',
      { name: 'teacher-copy' },
      false,
    );
    expect(history.map((entry) => [entry.type, entry.values.origin])).toEqual([['RoleCreated', 'teacher']]);
    // The copy is an ordinary role: it changes on its own, the origin keeps its actions.
    await as('admin', 'role.update', {
      name: 'teacher-copy',
      doc: { name: 'teacher-copy', actions: { ...copy.actions, view: true } },
    });
    expect((await role('teacher')).actions).toEqual(teacher.actions);
    expect((await role('teacher-copy')).actions.view).toBe(true);
  });

  it('copies the built-in admin role into an ordinary role with every action', async () => {
    await as('admin', 'role.duplicate', { name: 'admin', copyName: 'admin-copy' });
    const copy = await role('admin-copy');
    expect(Object.values(copy.actions).every(Boolean)).toBe(true);
    const [created] = await readStream(platform.database.db, roleStream(copy._id));
    expect(created!.data).toMatchObject({ origin: { roleId: null, name: 'admin' } });
    await as('admin', 'role.delete', { name: 'admin-copy' });
  });

  it('refuses without manage_roles, for a taken or reserved name and a missing origin, writing nothing', async () => {
    await refused('teacher', 'role.duplicate', { name: 'teacher', copyName: 'not-mine' }, 'FORBIDDEN');
    await refused('admin', 'role.duplicate', { name: 'teacher', copyName: 'Role-Keeper' }, 'CONFLICT');
    await refused('admin', 'role.duplicate', { name: 'teacher', copyName: 'Admin' }, 'BAD_REQUEST');
    await refused('admin', 'role.duplicate', { name: 'teacher', copyName: '' }, 'BAD_REQUEST');
    await refused('admin', 'role.duplicate', { name: 'nobody-has-this', copyName: 'x-copy' }, 'NOT_FOUND');
  });
});
