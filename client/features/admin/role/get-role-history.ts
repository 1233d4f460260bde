import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';

export const roleHistoryQueryKey = (name: string) => ['admin', 'roles', 'history', name] as const;

/** Every change to the role, oldest first, with who made it and when. */
export const getRoleHistoryQueryOptions = (name: string) =>
  queryOptions({
    queryKey: roleHistoryQueryKey(name),
    queryFn: () => api.role.history.query({ name }),
  });

export const useRoleHistory = (name: string) => useQuery(getRoleHistoryQueryOptions(name));
