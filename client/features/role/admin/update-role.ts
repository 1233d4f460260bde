import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Changes a role's actions; a role keeps its name. */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.role.update.mutationOptions({
      onSuccess: (_, { name }) =>
        Promise.all([
          queryClient.invalidateQueries(trpc.role.list.pathFilter()),
          queryClient.invalidateQueries(trpc.role.byName.queryFilter({ name })),
          queryClient.invalidateQueries(trpc.role.history.queryFilter({ name })),
          // Someone's own rules may have changed with it.
          queryClient.invalidateQueries(trpc.user.me.pathFilter()),
        ]),
    }),
  );
}
