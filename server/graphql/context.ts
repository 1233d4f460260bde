import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { CommandMeta } from '../../events/command';
import type { Actor } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import { explicitLanguage } from '../i18n';
import type { Platform } from '../platform';
import { requestActor } from '../plugins/request-actor';
import { createLoaders, type Loaders } from './loaders';

export interface GraphQLContext {
  platform: Platform;
  actor: Actor | null;
  requestId: string;
  log: FastifyBaseLogger;
  /** Per-request batching of repeated look-ups (owners, participants, links). */
  loaders: Loaders;
  /**
   * The language of messages: the request's when it names one (`x-language`, Accept-Language), else
   * the account's, else English; looked up once, when needed.
   */
  language: () => Promise<Language>;
}

/**
 * The context of one GraphQL request. The bearer token (or the bare token) names the actor; the
 * `username` header that the documented clients send is only logged, never trusted.
 */
export async function createContext(platform: Platform, request: FastifyRequest): Promise<GraphQLContext> {
  const actor = await requestActor(platform, request);
  const username = request.headers.username;
  const log =
    typeof username === 'string' ? request.log.child({ username: username.slice(0, 200) }) : request.log;
  const loaders = createLoaders(platform.database.db, actor);
  let language: Promise<Language> | undefined;
  return {
    platform,
    actor,
    requestId: String(request.id),
    log,
    loaders,
    language: () => {
      language ??= (async () => {
        const asked = explicitLanguage(request.headers);
        if (asked) return asked;
        const own = actor ? await loaders.user.load(actor.userId) : null;
        return own?.language ?? 'en';
      })();
      return language;
    },
  };
}

export const metaOf = (ctx: GraphQLContext): CommandMeta => ({
  actorId: ctx.actor?.userId ?? null,
  requestId: ctx.requestId,
  now: new Date(),
});
