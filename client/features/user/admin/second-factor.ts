import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** Whether two-step sign-in guards someone's account (manage_users). */
export const useUserSecondFactor = (userId: string) =>
  useQuery(trpc.secondFactor.ofUser.queryOptions({ _id: userId }));

/** Resets someone's two-step sign-in (a lost phone): recorded in their history, and they are mailed. */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.secondFactor.reset.mutate({ _id: userId }),
    onSuccess: (_, userId) =>
      Promise.all([
        queryClient.invalidateQueries(trpc.secondFactor.ofUser.queryFilter({ _id: userId })),
        queryClient.invalidateQueries(trpc.user.history.queryFilter({ _id: userId })),
      ]),
  });
}
