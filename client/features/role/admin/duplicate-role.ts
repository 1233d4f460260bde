import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouterInputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type DuplicateRoleInput = RouterInputs['role']['duplicate'];

/** Copies a role's actions into a new role; answers the copy's name (its page is /admin/roles/{name}). */
export function useDuplicateRole() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.role.duplicate.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.role.list.pathFilter()),
    }),
  );
}
