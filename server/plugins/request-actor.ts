import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiScope } from '../../events/api-client/events';
import { DomainError } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { apiClientActor } from '../api-client/credentials';
import { scopeAllows, scopeRefusal } from '../api-client/scopes';
import { actorFromRequest } from '../auth/actor';
import { tokenFromHeader, verifyIdToken } from '../auth/keys';
import { mustEnrol } from '../auth/second-factor-policy';
import { sessionAlive } from '../auth/sessions';
import type { Platform } from '../platform';

/** What a request has learnt about who makes it; one per request, made on first use. */
interface Identity {
  actor: Promise<Actor | null> | null;
  /** The account that must enrol a second factor before it acts as anyone (enrollingActorOf). */
  enrolling: Actor | null;
  /** The user id the request acted as, once known (undefined: nothing asked yet): its log line's. */
  userId: string | null | undefined;
  /** The request carried an API client's credential that opens nothing (revoked, expired, unknown, wrong address). */
  clientRefused: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who makes the request (null: anonymous, or a token that names nobody), resolved on first read
     * and then shared: the rate limiter, tRPC's and GraphQL's contexts and the routes all ask, and
     * the token is verified (and the roles read) once.
     */
    readonly actor: Promise<Actor | null>;
    /** The request's identity state behind `actor`; read it through the functions of request-actor.ts. */
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /**
     * The scope an API client needs for this route; a route without one is for people only (tRPC
     * and GraphQL check per procedure and field instead).
     */
    apiScope?: ApiScope | 'public';
  }
}

const identityOf = (request: FastifyRequest): Identity => {
  request.identity ??= { actor: null, enrolling: null, userId: undefined, clientRefused: false };
  return request.identity;
};

/** The actor of a request (its `actor` decoration), kept as a function for the transports that take the platform. */
export function requestActor(_platform: Platform, request: FastifyRequest): Promise<Actor | null> {
  return request.actor;
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
  const identity = identityOf(request);
  const header = request.headers.authorization;
  const token = tokenFromHeader(Array.isArray(header) ? header[0] : header);
  const client = token
    ? await apiClientActor(platform, token, { ip: request.ip, id: String(request.id) })
    : undefined;
  if (client !== undefined) {
    identity.userId = client?.userId ?? null;
    identity.clientRefused = client === null;
    return client;
  }
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
    identity.enrolling = actor;
    identity.userId = actor.userId;
    return null;
  }
  return actor;
}

/**
 * The signed-in account of a request whose actor is null only because it must enrol a second factor
 * first (REQUIRE_2FA_FOR_ROLES), once `request.actor` has answered; null otherwise. Only enrolling,
 * and reading who one is, use it.
 */
export const enrollingActorOf = (request: FastifyRequest): Actor | null =>
  request.identity?.enrolling ?? null;

/**
 * Names the account a request acted for when no token says it: a sign-in or a refresh that issued
 * that account's tokens.
 */
export function nameRequestUser(request: FastifyRequest, userId: string): void {
  identityOf(request).userId = userId;
}

/** The user id the request acted as, or null (anonymous, or nothing asked who it was). */
export const requestUserId = (request: FastifyRequest): string | null => request.identity?.userId ?? null;

/**
 * The `actor` request decoration, and who a request with a token was settled before its log line is
 * written (request-log.ts): most routes asked already (the answer is shared); the others (a file, a
 * download) pay the one look-up, so every line of a signed-in caller names them.
 */
export const requestActorPlugin = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    app.decorateRequest('identity', null);
    app.decorateRequest('actor', {
      getter(this: FastifyRequest) {
        const identity = identityOf(this);
        if (!identity.actor) {
          const actor = actorInSession(platform, this);
          identity.actor = actor;
          actor.then(
            (resolved) => {
              if (identity.userId === undefined) identity.userId = resolved?.userId ?? null;
            },
            () => {},
          );
        }
        return identity.actor;
      },
    });
    // An API client's credential that opens nothing is refused (401), never taken as signed out; a
    // working client reaches a plain HTTP route only when the route names a scope it holds.
    app.addHook('onRequest', async (request) => {
      if (!request.headers.authorization) return;
      const actor = await request.actor.catch(() => null);
      if (request.identity?.clientRefused)
        throw new DomainError('UNAUTHENTICATED', 'apiClient.credentialRefused');
      const url = request.routeOptions.url ?? '';
      if (!actor?.client || url === '/graphql' || url.startsWith('/trpc/')) return;
      const scope = request.routeOptions.config?.apiScope;
      if (!scopeAllows(actor, scope)) throw scopeRefusal(scope);
    });
    app.addHook('onResponse', async (request) => {
      if (request.identity?.userId !== undefined || !request.headers.authorization) return;
      await request.actor.catch(() => null);
    });
  },
  { name: 'request-actor', fastify: '5.x' },
);
