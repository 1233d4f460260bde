import { z } from 'zod';
import { roleActions } from '../permissions';
import type { RoleActions } from './events';

export const ADMIN_ROLE_NAME = 'admin';

/** The actions a role form sends; an action left out is not allowed. */
export const roleActionsInputSchema = z
  .object(Object.fromEntries(roleActions.map((action) => [action, z.boolean().optional().default(false)])))
  .partial();

export const roleInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(60, 'validation.tooLong')
    .refine((name) => name.toLowerCase() !== ADMIN_ROLE_NAME, 'role.adminReserved'),
  actions: roleActionsInputSchema
    .optional()
    .default({})
    .transform(
      (given) =>
        Object.fromEntries(roleActions.map((action) => [action, Boolean(given[action])])) as RoleActions,
    ),
});
export type RoleInput = z.output<typeof roleInputSchema>;
export const roleNameSchema = z.object({ name: z.string().trim().min(1).max(60) });

export type RoleCommand =
  | { type: 'CreateRole'; data: { roleId: string; name: string; actions: RoleActions } }
  | { type: 'UpdateRole'; data: { name: string; actions: RoleActions } }
  | { type: 'DeleteRole' };
