import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Creates a role; answers its name (the new role's page is /admin/roles/{name}). */
export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.role.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.role.list.pathFilter()),
    }),
  );
}
