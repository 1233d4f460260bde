import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** Erases a user: their personal data becomes unreadable everywhere. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.user.delete.mutate({ _id: userId }),
    onSuccess: (_, userId) => {
      // The gone user's own queries would only answer "not found" now.
      queryClient.removeQueries(trpc.user.byId.queryFilter({ _id: userId }));
      queryClient.removeQueries(trpc.user.history.queryFilter({ _id: userId }));
      return queryClient.invalidateQueries(trpc.user.list.pathFilter());
    },
  });
}
