import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { userHistoryQueryKey } from './get-user-history';

export const userSecondFactorQueryKey = (userId: string) =>
  ['admin', 'users', 'secondFactor', userId] as const;

/** Whether two-step sign-in guards someone's account (manage_users). */
export const getUserSecondFactorQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userSecondFactorQueryKey(userId),
    queryFn: () => api.secondFactor.ofUser.query({ _id: userId }),
  });

export const useUserSecondFactor = (userId: string) => useQuery(getUserSecondFactorQueryOptions(userId));

/** Resets someone's two-step sign-in (a lost phone): recorded in their history, and they are mailed. */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.secondFactor.reset.mutate({ _id: userId }),
    onSuccess: (_, userId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSecondFactorQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: userHistoryQueryKey(userId) }),
      ]),
  });
}
