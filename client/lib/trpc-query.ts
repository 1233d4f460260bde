import { matchQuery, type Query } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/router';
import { createQueryClient } from './query-client';
import { api } from './trpc';

/**
 * The one query cache of the app. A single-page app renders in one browser only, so the cache and
 * the tRPC options below are plain singletons (tRPC's setup without React context): the answer
 * queue and the session, which live outside React, reach the same cache as the screens.
 */
export const queryClient = createQueryClient();

/**
 * tRPC's TanStack Query options: `trpc.course.byPath.queryOptions({ path })` carries its key
 * (the procedure's path and input) and its fetch; `pathFilter()` and `queryFilter()` name what a
 * change makes stale.
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: api, queryClient });

/** Everything that may depend on who is signed in: all but the tenant's configuration. */
export const dependsOnUser = (query: Query) => !matchQuery(trpc.tenant.pathFilter(), query);
