import { randomUUID } from 'node:crypto';
import type { ApiClientCommand, CreateApiClientInput } from '../../events/api-client/commands';
import { apiClientDecider } from '../../events/api-client/decider';
import { apiClientStream } from '../../events/api-client/events';
import { type CommandMeta, execute } from '../../events/command';
import type { Actor } from '../../events/permissions';
import type { Platform } from '../platform';
import { clientSecretHash, newClientSecret } from './secrets';

const run = (platform: Platform, meta: CommandMeta, clientId: string, command: ApiClientCommand) =>
  execute(platform.pipeline, {
    decider: apiClientDecider,
    stream: apiClientStream(clientId),
    meta,
    // Who may manage clients is the router's check (administrators); a use is the platform's own note.
    authorize: () => {},
    command: async () => command,
  });

/**
 * A new API client (docs/integrating/api-clients.md). Its secret leaves the server only in this
 * answer: the event and the read table keep its hash.
 */
export async function createApiClient(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  input: CreateApiClientInput,
): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = randomUUID();
  const clientSecret = newClientSecret();
  await run(platform, meta, clientId, {
    type: 'CreateApiClient',
    data: {
      clientId,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt).toISOString(),
      allowedIps: [...new Set(input.allowedIps)],
      secretHash: clientSecretHash(clientSecret),
      createdBy: actor.userId,
      now: meta.now,
    },
  });
  return { clientId, clientSecret };
}

/** The client's secret and every token it holds stop working at once. */
export async function revokeApiClient(platform: Platform, actor: Actor, meta: CommandMeta, clientId: string) {
  await run(platform, meta, clientId, {
    type: 'RevokeApiClient',
    data: { clientId, revokedBy: actor.userId },
  });
}

/** Minutes between two recorded uses of one client from one instance: 'last use' needs no finer grain. */
const USE_NOTE_INTERVAL_MS = 5 * 60_000;
const lastNoted = new Map<string, number>();

/**
 * Records that the client was used, at most every few minutes per client and instance, after the
 * call it came with (the call never waits for it, nor fails with it).
 */
export function noteApiClientUse(
  platform: Platform,
  clientId: string,
  via: 'token' | 'key' | 'access-token',
  requestId: string,
): void {
  const now = Date.now();
  if (now - (lastNoted.get(clientId) ?? 0) < USE_NOTE_INTERVAL_MS) return;
  lastNoted.set(clientId, now);
  const meta = { actorId: clientId, requestId, now: new Date(now) };
  setImmediate(() => {
    run(platform, meta, clientId, { type: 'RecordApiClientUse', data: { clientId, via } }).catch((error) =>
      platform.log.warn({ err: error, clientId }, 'recording an API client use failed'),
    );
  });
}
