import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/auth';
import { api, type RouterInputs } from '../../../lib/trpc';
import { allRolesQueryKey } from './get-roles';

/** Changes a role's actions; a role keeps its name. */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouterInputs['role']['update']) => api.role.update.mutate(input),
    // Someone's own rules may have changed with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allRolesQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
