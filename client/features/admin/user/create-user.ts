import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RouterInputs } from '../../../lib/trpc';
import { allUsersQueryKey } from './get-users';

export type NewUser = RouterInputs['user']['create'];

/** Makes an account; the person gets a mail with a code to choose a password. Answers its id. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewUser) => api.user.create.mutate(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allUsersQueryKey }),
  });
}
