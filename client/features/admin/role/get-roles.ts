import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type Role = RouterOutputs['role']['list'][number];

/** Everything about roles in the admin area: invalidated together. */
export const allRolesQueryKey = ['admin', 'roles'] as const;
export const rolesQueryKey = [...allRolesQueryKey, 'list'] as const;

/** The configured roles by name (the built-in admin is not among them). */
export const getRolesQueryOptions = () =>
  queryOptions({
    queryKey: rolesQueryKey,
    queryFn: () => api.role.list.query(),
  });

export const useRoles = (enabled = true) => useQuery({ ...getRolesQueryOptions(), enabled });
