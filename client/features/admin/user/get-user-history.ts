import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type HistoryEntry = RouterOutputs['user']['history'][number];

export const userHistoryQueryKey = (userId: string) => ['admin', 'users', 'history', userId] as const;

/** Every change to the account, oldest first, with who made it and when. */
export const getUserHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userHistoryQueryKey(userId),
    queryFn: () => api.user.history.query({ _id: userId }),
  });

export const useUserHistory = (userId: string) => useQuery(getUserHistoryQueryOptions(userId));
