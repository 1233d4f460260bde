import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type AdminUserDetail = RouterOutputs['user']['byId'];

export const userQueryKey = (userId: string) => ['admin', 'users', 'byId', userId] as const;

export const getUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userQueryKey(userId),
    queryFn: () => api.user.byId.query({ _id: userId }),
  });

export const useUser = (userId: string) => useQuery(getUserQueryOptions(userId));
