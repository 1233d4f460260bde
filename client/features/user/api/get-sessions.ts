import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type ActiveSession = RouterOutputs['session']['list'][number];

export const sessionsQueryKey = ['user', 'sessions'] as const;

/** The signed-in person's sessions still running: this browser's first, then the most recently used. */
export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: () => api.session.list.query(),
    // Each visit shows where the account is signed in now.
    staleTime: 0,
  });

export const useSessions = () => useQuery(getSessionsQueryOptions());
