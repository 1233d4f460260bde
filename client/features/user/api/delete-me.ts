import { useMutation } from '@tanstack/react-query';
import { signOut } from '../../../lib/session';
import { api } from '../../../lib/trpc';

/** Erases the signed-in person's account, then ends the session (here and in other tabs). */
export function useDeleteMe() {
  return useMutation({
    mutationFn: async () => {
      await api.user.deleteMe.mutate();
      await signOut();
    },
  });
}
