import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { getSessionState, startSession, subscribeToSession } from '../lib/session';
import { dependsOnUser, queryClient } from '../lib/trpc-query';

export function AppProviders({ children }: { children: ReactNode }) {
  // The session check at start; and whenever someone signs in or out (here or in another tab),
  // whatever was loaded for the previous person is dropped and loaded again. The listener runs
  // synchronously, so the cache is reset before `signIn()` or `signOut()` resolves.
  useEffect(() => {
    void startSession();
    let generation = getSessionState().generation;
    return subscribeToSession(() => {
      const next = getSessionState().generation;
      if (next === generation) return;
      generation = next;
      void queryClient.resetQueries({ predicate: dependsOnUser });
    });
  }, []);

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
