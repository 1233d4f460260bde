import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/auth';
import { api } from '../../../lib/trpc';
import { allUsersQueryKey } from './get-users';

/** Replaces the roles a user holds. */
export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { _id: string; roles: string[] }) => api.user.setRoles.mutate(input),
    // The signed-in admin may have changed their own roles.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
