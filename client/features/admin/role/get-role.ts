import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';

export const roleQueryKey = (name: string) => ['admin', 'roles', 'byName', name] as const;

export const getRoleQueryOptions = (name: string) =>
  queryOptions({
    queryKey: roleQueryKey(name),
    queryFn: () => api.role.byName.query({ name }),
  });

export const useRole = (name: string) => useQuery(getRoleQueryOptions(name));
