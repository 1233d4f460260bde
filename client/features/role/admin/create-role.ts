import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouterInputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type RoleInput = RouterInputs['role']['create'];

/** Creates a role; answers its name (the new role's page is /admin/roles/{name}). */
export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.role.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.role.list.pathFilter()),
    }),
  );
}
