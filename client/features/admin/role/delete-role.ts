import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/auth';
import { api } from '../../../lib/trpc';
import { allUsersQueryKey } from '../user/get-users';
import { roleQueryKey } from './get-role';
import { roleHistoryQueryKey } from './get-role-history';
import { allRolesQueryKey } from './get-roles';

/** Deletes a role; the roles list loads again afterwards. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.role.delete.mutate({ name }),
    onSuccess: (_, name) => {
      queryClient.removeQueries({ queryKey: roleQueryKey(name) });
      queryClient.removeQueries({ queryKey: roleHistoryQueryKey(name) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: allRolesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
