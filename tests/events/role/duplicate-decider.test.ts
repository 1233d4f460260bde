import { describe, expect, it } from 'vitest';
import { applyUpcasters } from '../../../events/registry';
import { copyNameFor, duplicateRoleSchema, roleInputSchema } from '../../../events/role/commands';
import { roleDecider } from '../../../events/role/decider';
import { RoleCreated, type RoleEvent } from '../../../events/role/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(roleDecider);
const copyId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0010';
const originId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0009';
const actions = roleInputSchema.parse({ name: 'editor', actions: { create: true, edit: true } }).actions;
const origin = { roleId: originId, name: 'editor' };
const duplicate = {
  type: 'DuplicateRole' as const,
  data: { roleId: copyId, name: 'editor-copy', actions, origin },
};
const copied: RoleEvent = { type: 'RoleCreated', data: { ...duplicate.data } };

describe('role decider: duplicate', () => {
  it('given no role, duplicating creates the copy with the same actions and its origin', () =>
    spec([]).when(duplicate).thenEvents([copied]));
  it('a copy of the built-in admin role names no origin stream', () =>
    spec([])
      .when({ ...duplicate, data: { ...duplicate.data, origin: { roleId: null, name: 'admin' } } })
      .thenEvents([
        { type: 'RoleCreated', data: { ...duplicate.data, origin: { roleId: null, name: 'admin' } } },
      ]));
  it('a role made from scratch has no origin', () =>
    spec([])
      .when({ type: 'CreateRole', data: { roleId: copyId, name: 'fresh', actions } })
      .thenEvents([{ type: 'RoleCreated', data: { roleId: copyId, name: 'fresh', actions, origin: null } }]));
  it('the copy is an ordinary role: its actions change and it can be deleted', () => {
    spec([copied])
      .when({ type: 'UpdateRole', data: { name: 'editor-copy', actions: { ...actions, edit: false } } })
      .thenEvents([
        {
          type: 'RoleUpdated',
          data: {
            roleId: copyId,
            name: 'editor-copy',
            previousName: 'editor-copy',
            actions: { ...actions, edit: false },
          },
        },
      ]);
    spec([copied])
      .when({ type: 'DeleteRole' })
      .thenEvents([{ type: 'RoleDeleted', data: { roleId: copyId, name: 'editor-copy' } }]);
  });
  it('refuses to duplicate into a stream that already holds a role', () =>
    spec([copied]).when(duplicate).thenThrows('CONFLICT', 'role.alreadyExists'));
});

describe('RoleCreated version 2', () => {
  it('upcasts a version 1 event to a role made from scratch', () => {
    const v1 = { roleId: originId, name: 'editor', actions };
    const upcast = applyUpcasters(RoleCreated, 1, v1);
    expect(upcast).toEqual({ ...v1, origin: null });
    expect(RoleCreated.schema.safeParse(upcast).success).toBe(true);
  });
});

describe('duplicate input', () => {
  it('needs a name for the copy, not the reserved admin name', () => {
    expect(duplicateRoleSchema.safeParse({ name: 'editor', copyName: ' ' }).error?.issues[0]?.message).toBe(
      'validation.required',
    );
    expect(
      duplicateRoleSchema.safeParse({ name: 'editor', copyName: 'ADMIN' }).error?.issues[0]?.message,
    ).toBe('role.adminReserved');
  });
  it('suggests the first free copy name, case-insensitively, within 60 characters', () => {
    expect(copyNameFor('editor', ['editor'])).toBe('editor-copy');
    expect(copyNameFor('editor', ['editor', 'Editor-Copy'])).toBe('editor-copy-2');
    expect(copyNameFor('editor', ['editor-copy', 'editor-copy-2'])).toBe('editor-copy-3');
    const long = 'x'.repeat(60);
    expect(copyNameFor(long, [long])).toBe(`${'x'.repeat(55)}-copy`);
    expect(copyNameFor(long, [long, `${'x'.repeat(55)}-copy`])).toBe(`${'x'.repeat(53)}-copy-2`);
  });
});
