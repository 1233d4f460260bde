import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../events/permissions';
import { actorFromRequest } from '../auth/actor';
import type { Platform } from '../platform';

const actors = new WeakMap<FastifyRequest, Promise<Actor | null>>();
/** The user id each request acted as, once known: what its log line names. */
const userIds = new WeakMap<FastifyRequest, string | null>();

/**
 * The actor of a request, resolved once: the rate limiter, tRPC's context, GraphQL's context and the
 * upload route all ask, and the token is verified (and the roles read) only the first time.
 */
export function requestActor(platform: Platform, request: FastifyRequest): Promise<Actor | null> {
  let actor = actors.get(request);
  if (!actor) {
    actor = actorFromRequest(platform, request.headers);
    actors.set(request, actor);
    actor.then(
      (resolved) => {
        if (!userIds.has(request)) userIds.set(request, resolved?.userId ?? null);
      },
      () => {},
    );
  }
  return actor;
}

/**
 * Names the account a request acted for when no token says it: a sign-in or a refresh that issued
 * that account's tokens.
 */
export function nameRequestUser(request: FastifyRequest, userId: string): void {
  userIds.set(request, userId);
}

/** The user id the request acted as, or null (anonymous, or nothing asked who it was). */
export const requestUserId = (request: FastifyRequest): string | null => userIds.get(request) ?? null;

/**
 * Settles, before the request's log line is written, who a request with a token was: most routes
 * asked already (the answer is cached); the others (a file, a download) pay the one look-up, so
 * every line of a signed-in caller names them.
 */
export async function settleRequestActor(platform: Platform, request: FastifyRequest): Promise<void> {
  if (userIds.has(request) || !request.headers.authorization) return;
  await requestActor(platform, request).catch(() => null);
}
