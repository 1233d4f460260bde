import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router';
import { currentLanguage } from './i18n';
import { freshToken } from './session';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * The typed client for /trpc. Every request says which language server messages should be in and,
 * once signed in, carries the session's ID token (waiting for the session check at start).
 */
export const api = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // The server refuses batches above 20 calls (TRPC_MAX_BATCH in server/plugins/request-limits.ts).
      maxItems: 20,
      headers: async () => {
        const token = await freshToken();
        return {
          'x-language': currentLanguage(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        };
      },
    }),
  ],
});

/** The tRPC code of a failed call (NOT_FOUND, FORBIDDEN, …), or null when it did not come from tRPC. */
export function errorCode(error: unknown): string | null {
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: unknown } | undefined;
    return typeof data?.code === 'string' ? data.code : null;
  }
  return null;
}

/** The translated message of a call the server refused, or null (network failure, no answer). */
export function errorMessage(error: unknown): string | null {
  return error instanceof TRPCClientError && error.data && error.message ? error.message : null;
}

export const isNotFound = (error: unknown) => errorCode(error) === 'NOT_FOUND';

/** Answers that a second attempt cannot change: the request itself was refused. */
const finalCodes = new Set(['NOT_FOUND', 'BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN']);
export const isFinal = (error: unknown) => finalCodes.has(errorCode(error) ?? '');

/** The i18n key of a refusal (e.g. 'module.blocked'), or null. */
export function errorKey(error: unknown): string | null {
  if (error instanceof TRPCClientError) {
    const data = error.data as { key?: unknown } | undefined;
    return typeof data?.key === 'string' && data.key !== '' ? data.key : null;
  }
  return null;
}
