import { z } from 'zod';
import { ltiPlatformIdInputSchema, registerLtiPlatformInputSchema } from '../../events/lti/commands';
import { listLtiPlatforms } from '../../projections/lti/lti-platforms';
import { successOutput } from '../outputs';
import { adminProcedure, metaOf, router } from '../trpc';
import { toolAddresses } from './addresses';
import { registerLtiPlatform, removeLtiPlatform } from './commands';

const platformOutput = z.object({
  platformId: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authLoginUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
  registeredAt: z.string(),
  removedAt: z.string().nullable(),
});

/** What an administrator gives the learning platform: this tool's addresses. */
const toolOutput = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  jwksUrl: z.string(),
  deepLinkingUrl: z.string(),
});

/** LTI 1.3 platforms that launch this tool (docs/integrating/lti.md). */
export const ltiRouter = router({
  platforms: adminProcedure
    .output(z.object({ tool: toolOutput, platforms: z.array(platformOutput) }))
    .query(async ({ ctx }) => {
      const { loginUrl, launchUrl, jwksUrl } = toolAddresses(ctx.platform.config);
      const platforms = await listLtiPlatforms(ctx.platform.database.db);
      return {
        // Deep Linking requests come to the launch address too (their message type tells them apart).
        tool: { loginUrl, launchUrl, jwksUrl, deepLinkingUrl: launchUrl },
        platforms: platforms.map((row) => ({
          ...row,
          registeredAt: new Date(row.registeredAt).toISOString(),
          removedAt: row.removedAt === null ? null : new Date(row.removedAt).toISOString(),
        })),
      };
    }),
  registerPlatform: adminProcedure
    .input(registerLtiPlatformInputSchema)
    .output(z.object({ platformId: z.string() }))
    .mutation(({ ctx, input }) => registerLtiPlatform(ctx.platform, ctx.actor, metaOf(ctx), input)),
  removePlatform: adminProcedure
    .input(ltiPlatformIdInputSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await removeLtiPlatform(ctx.platform, ctx.actor, metaOf(ctx), input.platformId);
      return { success: true };
    }),
});
