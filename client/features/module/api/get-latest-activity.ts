import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { latestActivityQueryKey } from './save-answers';

export type LatestActivity = RouterOutputs['result']['latestActivity'];

/** The module the signed-in user answered in most recently (null when none, or signed out). */
export const getLatestActivityQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...latestActivityQueryKey, userId] as const,
    queryFn: () => api.result.latestActivity.query(),
    // It changes with every answer given elsewhere: ask again each time the home page opens.
    staleTime: 0,
  });

export const useLatestActivity = (userId: string) => useQuery(getLatestActivityQueryOptions(userId));
