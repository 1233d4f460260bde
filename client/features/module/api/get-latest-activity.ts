import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/**
 * The module the signed-in user answered in most recently (null when none, or signed out). Another
 * person's answer never shows: signing in or out resets the cache (client/app/providers.tsx).
 */
export const useLatestActivity = () =>
  // It changes with every answer given elsewhere: ask again each time the home page opens.
  useQuery(trpc.result.latestActivity.queryOptions(undefined, { staleTime: 0 }));
