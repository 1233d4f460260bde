import { z } from 'zod';

/**
 * The schema of a route that takes no input: a query string is allowed and ignored (a cache
 * buster, a probe's marker), so the route declares that it reads none of it.
 */
export const noInput = { querystring: z.object({}) } as const;
