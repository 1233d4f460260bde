import { api, type RouterInputs } from '../../trpc';

export type PageSighting = RouterInputs['tracking']['pageSeen'];

/**
 * tracking.pageSeen: a module page is in front of the signed-in person (for xAPI's `experienced`).
 * A mutation, so it never joins the page view's batch of queries. The server skips a repeat within
 * a minute.
 */
export const recordPageSeen = (input: PageSighting) => api.tracking.pageSeen.mutate(input);
