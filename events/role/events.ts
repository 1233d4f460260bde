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

export const RoleCreated = defineEvent(
  'RoleCreated',
  z.object({ roleId: z.uuid(), name: roleName, actions: actionsSchema }),
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
