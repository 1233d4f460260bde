import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOut } from '../../../lib/session';
import { trpc } from '../../../lib/trpc-query';

/**
 * Signs one session out. Ending this browser's own is signing out here too: its offline copies and
 * unsent answers go, as with the menu's 'sign out'.
 */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation(
    trpc.session.end.mutationOptions({
      onSuccess: async ({ current }) => {
        if (current) await signOut();
      },
      onSettled: () => client.invalidateQueries(trpc.session.list.pathFilter()),
    }),
  );
}

/** 'Sign out everywhere': every session of the account, then this browser signs out as well. */
export const useEndAllSessions = () =>
  useMutation(trpc.session.endAll.mutationOptions({ onSuccess: () => signOut() }));
