import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RouterInputs } from '../../../lib/trpc';
import { allUsersQueryKey } from './get-users';

export type UserLink = RouterInputs['user']['link'];

/** Links a user to a course (linked: true) or removes the link (linked: false). */
export function useLinkUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserLink) => api.user.link.mutate(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: allUsersQueryKey }),
  });
}
