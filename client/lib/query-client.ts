import { QueryClient } from '@tanstack/react-query';
import { isFinal } from './trpc';

/**
 * A failed query is retried once, except when the server's answer is final: NOT_FOUND above all,
 * and likewise a refused request (bad input, not signed in, not allowed).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isFinal(error) && failureCount < 1,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
