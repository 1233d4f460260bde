import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RouterInputs } from '../../../lib/trpc';
import { allRolesQueryKey } from './get-roles';

export type RoleInput = RouterInputs['role']['create'];

/** Creates a role; answers its name (the new role's page is /admin/roles/{name}). */
export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) => api.role.create.mutate(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allRolesQueryKey }),
  });
}
