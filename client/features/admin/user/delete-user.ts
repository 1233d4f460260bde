import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { userQueryKey } from './get-user';
import { userHistoryQueryKey } from './get-user-history';
import { allUsersQueryKey } from './get-users';

/** Erases a user: their personal data becomes unreadable everywhere. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.user.delete.mutate({ _id: userId }),
    onSuccess: (_, userId) => {
      // The gone user's own queries would only answer "not found" now.
      queryClient.removeQueries({ queryKey: userQueryKey(userId) });
      queryClient.removeQueries({ queryKey: userHistoryQueryKey(userId) });
      return queryClient.invalidateQueries({ queryKey: allUsersQueryKey });
    },
  });
}
