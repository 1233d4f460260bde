import { QueryCache, QueryClient } from '@tanstack/react-query';
import { getSessionState, refresh } from './session';
import { errorCode, isFinal } from './trpc';

/** How long a final refusal counts as just answered (see retryOnMount below). */
const finalAnswerFreshMs = 5_000;

/**
 * A failed query is retried once, except when the server's answer is final: NOT_FOUND above all,
 * and likewise a refused request (bad input, not signed in, not allowed).
 *
 * UNAUTHORIZED while we think we are signed in means the token is no longer accepted: check the
 * session again (a 401 there signs out quietly).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (errorCode(error) === 'UNAUTHORIZED' && getSessionState().status === 'signed-in') void refresh();
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isFinal(error) && failureCount < 1,
        // Nor is a final answer of the last few seconds asked again when one more screen shows the
        // same query: the layout's breadcrumbs ask for a course at once, its screen (a chunk of its
        // own, see client/app/routes.tsx) mounts a moment later. An older one is asked again, as
        // before: a gate may have opened since.
        retryOnMount: (query) =>
          !isFinal(query.state.error) || Date.now() - query.state.errorUpdatedAt > finalAnswerFreshMs,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Ask even when the browser says it is offline: the service worker may answer from what it
        // kept (client/sw/), and what it did not keep fails at once instead of waiting, paused, for
        // a connection. Back online, whatever failed is asked again (refetchOnReconnect).
        networkMode: 'always',
      },
    },
  });
}
