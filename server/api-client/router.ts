import { z } from 'zod';
import { apiClientIdInputSchema, createApiClientInputSchema } from '../../events/api-client/commands';
import { listApiClients } from '../../projections/api-client/api-clients';
import { successOutput } from '../outputs';
import { adminProcedure, metaOf, router } from '../trpc';
import { createApiClient, revokeApiClient } from './commands';
import { apiClientOutput, createdApiClientOutput } from './outputs';

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

/** API clients for integrations (docs/integrating/api-clients.md). */
export const apiClientRouter = router({
  list: adminProcedure.output(z.array(apiClientOutput)).query(async ({ ctx }) => {
    const now = Date.now();
    return (await listApiClients(ctx.platform.database.db)).map((client) => ({
      clientId: client.clientId,
      name: client.name,
      scopes: client.scopes,
      expiresAt: iso(client.expiresAt),
      allowedIps: client.allowedIps,
      createdAt: new Date(client.createdAt).toISOString(),
      revokedAt: iso(client.revokedAt),
      lastUsedAt: iso(client.lastUsedAt),
      status:
        client.revokedAt !== null
          ? ('revoked' as const)
          : client.expiresAt !== null && new Date(client.expiresAt).getTime() <= now
            ? ('expired' as const)
            : ('working' as const),
    }));
  }),
  create: adminProcedure
    .input(createApiClientInputSchema)
    .output(createdApiClientOutput)
    .mutation(({ ctx, input }) => createApiClient(ctx.platform, ctx.actor, metaOf(ctx), input)),
  revoke: adminProcedure
    .input(apiClientIdInputSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeApiClient(ctx.platform, ctx.actor, metaOf(ctx), input.clientId);
      return { success: true };
    }),
});
