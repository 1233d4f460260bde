import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ActiveSession = RouterOutputs['session']['list'][number];

/** The signed-in person's sessions still running: this browser's first, then the most recently used. */
export const useSessions = () =>
  // Each visit shows where the account is signed in now.
  useQuery(trpc.session.list.queryOptions(undefined, { staleTime: 0 }));
