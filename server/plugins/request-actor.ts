import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../events/permissions';
import { actorFromRequest } from '../auth/actor';
import { tokenFromHeader, verifyIdToken } from '../auth/keys';
import { mustEnrol } from '../auth/second-factor-policy';
import { sessionAlive } from '../auth/sessions';
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
    actor = actorInSession(platform, request);
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

/** The session family each signed-in actor of a request came with (for 'Your sessions': this one). */
const sessionIds = new WeakMap<Actor, string>();

/** The session family of the request's token, or null (no family: a token signed without a sign-in). */
export const sessionOfActor = (actor: Actor): string | null => sessionIds.get(actor) ?? null;

/**
 * The token's actor, while its session runs: a token carrying a session family (`sid`) counts only
 * as long as the family is not signed out, revoked, past its lifetime or idle too long. The check is
 * one indexed statement, run beside the actor's own look-up; the token's signature check is cached.
 */
async function actorInSession(platform: Platform, request: FastifyRequest): Promise<Actor | null> {
  const header = request.headers.authorization;
  const token = tokenFromHeader(Array.isArray(header) ? header[0] : header);
  const claims = token ? await verifyIdToken(platform.keys, token) : null;
  const sessionId = claims?.sessionId;
  const [actor, alive] = await Promise.all([
    actorFromRequest(platform, request.headers),
    sessionId ? sessionAlive(platform.database.db, sessionId, claims.sub) : true,
  ]);
  if (!actor || !alive) return null;
  if (sessionId) sessionIds.set(actor, sessionId);
  // Until they enrol a second factor their roles ask for, they act as nobody (enrollingActorOf).
  if (await mustEnrol(platform, actor)) {
    enrolling.set(request, actor);
    userIds.set(request, actor.userId);
    return null;
  }
  return actor;
}

const enrolling = new WeakMap<FastifyRequest, Actor>();

/**
 * The signed-in account of a request whose actor is null only because it must enrol a second factor
 * first (REQUIRE_2FA_FOR_ROLES), once requestActor has answered; null otherwise. Only enrolling, and
 * reading who one is, use it.
 */
export const enrollingActorOf = (request: FastifyRequest): Actor | null => enrolling.get(request) ?? null;

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
