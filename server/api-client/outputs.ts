import { z } from 'zod';
import { apiScopeSchema } from '../../events/api-client/events';

/** One client as the administrators' list shows it: never its secret, nor the secret's hash. */
export const apiClientOutput = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  expiresAt: z.string().nullable(),
  allowedIps: z.array(z.string()),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** working, revoked or expired, as of this answer. */
  status: z.enum(['working', 'revoked', 'expired']),
});

/** The new client's credentials: the only time its secret is shown. */
export const createdApiClientOutput = z.object({ clientId: z.string(), clientSecret: z.string() });
