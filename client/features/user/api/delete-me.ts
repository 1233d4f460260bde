import { useMutation } from '@tanstack/react-query';
import { signOut } from '../../../lib/session';
import { api } from '../../../lib/trpc';

/**
 * Erases the signed-in person's account, with the proof of having signed in again just now, then
 * ends the session (here and in other tabs).
 */
export function useDeleteMe() {
  return useMutation({
    mutationFn: async (reauth: string) => {
      await api.user.deleteMe.mutate({ reauth });
      await signOut();
    },
  });
}
