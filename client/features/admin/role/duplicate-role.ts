import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RouterInputs } from '../../../lib/trpc';
import { allRolesQueryKey } from './get-roles';

export type DuplicateRoleInput = RouterInputs['role']['duplicate'];

/** Copies a role's actions into a new role; answers the copy's name (its page is /admin/roles/{name}). */
export function useDuplicateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DuplicateRoleInput) => api.role.duplicate.mutate(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allRolesQueryKey }),
  });
}
