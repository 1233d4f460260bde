import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/auth';
import { api, type RouterInputs } from '../../../lib/trpc';
import { allUsersQueryKey } from './get-users';

export type UserUpdate = RouterInputs['user']['update'];

/** An admin (manage_users) corrects a user's profile; the user's page, list and history follow. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdate) => api.user.update.mutate(input),
    // The list, the user's page and its history all sit under the users key; an admin may edit themselves.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
