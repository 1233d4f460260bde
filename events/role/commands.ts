import { z } from 'zod';
import { roleActions } from '../permissions';
import type { RoleActions, RoleOrigin } from './events';

export const ADMIN_ROLE_NAME = 'admin';

/** The actions a role form sends; an action left out is not allowed. */
export const roleActionsInputSchema = z
  .object(Object.fromEntries(roleActions.map((action) => [action, z.boolean().optional().default(false)])))
  .partial();

const newRoleName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(60, 'validation.tooLong')
  .refine((name) => name.toLowerCase() !== ADMIN_ROLE_NAME, 'role.adminReserved');

export const roleInputSchema = z.object({
  name: newRoleName,
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

/** Duplicate a role (manage_roles): the role to copy, and the free name of the copy. */
export const duplicateRoleSchema = roleNameSchema.extend({ copyName: newRoleName });
export type DuplicateRoleInput = z.output<typeof duplicateRoleSchema>;

/** The first free name for a copy of `name`: `<name>-copy`, then `<name>-copy-2`, `-copy-3`, ... */
export function copyNameFor(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((one) => one.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    const candidate = `${name.slice(0, 60 - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

export type RoleCommand =
  | { type: 'CreateRole'; data: { roleId: string; name: string; actions: RoleActions } }
  | {
      type: 'DuplicateRole';
      data: { roleId: string; name: string; actions: RoleActions; origin: RoleOrigin };
    }
  | { type: 'UpdateRole'; data: { name: string; actions: RoleActions } }
  | { type: 'DeleteRole' };
