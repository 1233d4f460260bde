import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOut } from '../../../lib/session';
import { api } from '../../../lib/trpc';
import { sessionsQueryKey } from './get-sessions';

/**
 * Signs one session out. Ending this browser's own is signing out here too: its offline copies and
 * unsent answers go, as with the menu's 'sign out'.
 */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { current } = await api.session.end.mutate({ id });
      if (current) await signOut();
      return { current };
    },
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** 'Sign out everywhere': every session of the account, then this browser signs out as well. */
export function useEndAllSessions() {
  return useMutation({
    mutationFn: async () => {
      await api.session.endAll.mutate();
      await signOut();
    },
  });
}
