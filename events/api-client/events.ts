import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';

/** What an API client may reach: one scope per kind of data and direction (docs/integrating/api-clients.md). */
export const apiScopes = [
  'content:read',
  'content:write',
  'results:read',
  'results:write',
  'users:read',
  'xapi:read',
  'certificates:read',
] as const;
export type ApiScope = (typeof apiScopes)[number];
export const apiScopeSchema = z.enum(apiScopes);

const clientId = z.uuid();
const actorId = z.string().min(1).max(200);

/**
 * An administrator made an API client. The secret itself is never stored: only its SHA-256 (it is
 * 256 random bits, so a plain hash cannot be reversed by guessing), which the credential is checked
 * against.
 */
export const ApiClientCreated = defineEvent(
  'ApiClientCreated',
  z.object({
    clientId,
    name: z.string().min(1).max(100),
    scopes: z.array(apiScopeSchema).min(1),
    /** After this moment the client's secret and its tokens open nothing; null: no end. */
    expiresAt: z.iso.datetime().nullable(),
    /** Addresses or CIDR ranges the client may call from; empty: from anywhere. */
    allowedIps: z.array(z.string().min(1).max(50)).max(50),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    createdBy: actorId,
  }),
);

/** The client's secret and every token it was given stop working, at once. */
export const ApiClientRevoked = defineEvent('ApiClientRevoked', z.object({ clientId, revokedBy: actorId }));

/**
 * The client called the platform: a token exchanged for its secret, or a call with its key or a
 * token. Recorded at most every few minutes per client and instance, which is what 'last use' shows.
 */
export const ApiClientUsed = defineEvent(
  'ApiClientUsed',
  z.object({ clientId, via: z.enum(['token', 'key', 'access-token']) }),
);

export const apiClientEventDefinitions = [ApiClientCreated, ApiClientRevoked, ApiClientUsed];
export type ApiClientEvent =
  | EventOf<typeof ApiClientCreated>
  | EventOf<typeof ApiClientRevoked>
  | EventOf<typeof ApiClientUsed>;

export const apiClientStream = (clientId: string) => `api-client-${clientId}`;
