import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { roleActions } from '../permissions';

export const actionsSchema = z.object(
  Object.fromEntries(roleActions.map((action) => [action, z.boolean()])) as Record<
    (typeof roleActions)[number],
    z.ZodBoolean
  >,
);
export type RoleActions = z.infer<typeof actionsSchema>;

const roleName = z.string().trim().min(1).max(60);

/**
 * The role a new role was duplicated from: its name then, and its id (null for the built-in 'admin'
 * role, which has no stream).
 */
export const roleOriginSchema = z.object({ roleId: z.uuid().nullable(), name: roleName });
export type RoleOrigin = z.infer<typeof roleOriginSchema>;

/**
 * Version 2 carries `origin`: the role this one is a copy of (role.duplicate), or null for a role made
 * from scratch. Version 1 had no origin: every such role was made from scratch, so it upcasts to null.
 */
export const RoleCreated = defineEvent(
  'RoleCreated',
  z.object({ roleId: z.uuid(), name: roleName, actions: actionsSchema, origin: roleOriginSchema.nullable() }),
  {
    schemaVersion: 2,
    upcasters: { 1: (data) => ({ ...(data as object), origin: null }) },
  },
);
export const RoleUpdated = defineEvent(
  'RoleUpdated',
  z.object({ roleId: z.uuid(), name: roleName, previousName: roleName, actions: actionsSchema }),
);
export const RoleDeleted = defineEvent('RoleDeleted', z.object({ roleId: z.uuid(), name: roleName }));

export const roleEventDefinitions = [RoleCreated, RoleUpdated, RoleDeleted];
export type RoleEvent =
  | EventOf<typeof RoleCreated>
  | EventOf<typeof RoleUpdated>
  | EventOf<typeof RoleDeleted>;

export const roleStream = (roleId: string) => `role-${roleId}`;
