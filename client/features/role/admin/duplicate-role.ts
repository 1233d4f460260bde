import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Copies a role's actions into a new role; answers the copy's name (its page is /admin/roles/{name}). */
export function useDuplicateRole() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.role.duplicate.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.role.list.pathFilter()),
    }),
  );
}
