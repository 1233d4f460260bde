import { describe, expect, it } from 'vitest';
import { roleInputSchema } from '../../../events/role/commands';
import { roleDecider } from '../../../events/role/decider';
import type { RoleEvent } from '../../../events/role/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(roleDecider);
const roleId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0009';
const actions = roleInputSchema.parse({ name: 'editor', actions: { create: true } }).actions;
const created: RoleEvent = { type: 'RoleCreated', data: { roleId, name: 'editor', actions, origin: null } };

describe('role decider', () => {
  it('creates a role', () =>
    spec([])
      .when({ type: 'CreateRole', data: { roleId, name: 'editor', actions } })
      .thenEvents([created]));
  it('updates its actions', () =>
    spec([created])
      .when({ type: 'UpdateRole', data: { name: 'editor', actions: { ...actions, edit: true } } })
      .thenEvents([
        {
          type: 'RoleUpdated',
          data: { roleId, name: 'editor', previousName: 'editor', actions: { ...actions, edit: true } },
        },
      ]));
  it('an identical update changes nothing', () =>
    spec([created])
      .when({ type: 'UpdateRole', data: { name: 'editor', actions } })
      .thenEvents([]));
  it('deletes a role', () =>
    spec([created])
      .when({ type: 'DeleteRole' })
      .thenEvents([{ type: 'RoleDeleted', data: { roleId, name: 'editor' } }]));
  it('a deleted role is gone', () =>
    spec([created, { type: 'RoleDeleted', data: { roleId, name: 'editor' } }])
      .when({ type: 'DeleteRole' })
      .thenThrows('NOT_FOUND', 'role.notFound'));
});

describe('role form schema', () => {
  it('requires a name and refuses the built-in admin role', () => {
    expect(roleInputSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('validation.required');
    expect(roleInputSchema.safeParse({ name: 'Admin' }).error?.issues[0]?.message).toBe('role.adminReserved');
  });
  it('fills every action, false unless given', () => {
    expect(roleInputSchema.parse({ name: 'x', actions: { view: true } }).actions).toEqual({
      view: true,
      create: false,
      edit: false,
      delete: false,
      assign_participants: false,
      assign_owners: false,
      manage_roles: false,
      manage_users: false,
    });
  });
});
