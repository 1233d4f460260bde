import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** Deletes a role; the roles list, the users (who held it) and one's own rules load again. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.role.delete.mutate({ name }),
    onSuccess: (_, name) => {
      queryClient.removeQueries(trpc.role.byName.queryFilter({ name }));
      queryClient.removeQueries(trpc.role.history.queryFilter({ name }));
      return Promise.all([
        queryClient.invalidateQueries(trpc.role.list.pathFilter()),
        queryClient.invalidateQueries(trpc.user.list.pathFilter()),
        queryClient.invalidateQueries(trpc.user.byId.pathFilter()),
        queryClient.invalidateQueries(trpc.user.me.pathFilter()),
      ]);
    },
  });
}
