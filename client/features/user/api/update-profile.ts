import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouterInputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ProfileUpdate = RouterInputs['user']['updateProfile'];

/** Saves the signed-in person's own profile; the header and the form then show the new values. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.updateProfile.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.user.me.pathFilter()),
    }),
  );
}
