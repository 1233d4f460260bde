import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/auth';
import { api, type RouterInputs } from '../../../lib/trpc';

export type ProfileUpdate = RouterInputs['user']['updateProfile'];

/** Saves the signed-in person's own profile; the header and the form then show the new values. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => api.user.updateProfile.mutate(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
