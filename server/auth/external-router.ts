import { z } from 'zod';
import { recentAuthSchema } from '../../events/user/commands';
import { router, signedInProcedure } from '../trpc';
import { identitiesOf, linkExternalIdentity } from './external-identities';
import { externalIdentityOutput } from './outputs';

/** An ID token of the external pool, as its holder presents it to be linked. */
const linkSchema = recentAuthSchema.extend({ token: z.string().min(1).max(8000) });

/** The external pool's identities that sign in to one's own account (docs/security.md#external-accounts-oidc). */
export const externalAccountRouter = router({
  /** The pools whose identities open the account, and since when. */
  list: signedInProcedure
    .output(z.array(externalIdentityOutput))
    .query(({ ctx }) => identitiesOf(ctx.platform.database.db, ctx.actor.userId)),

  /**
   * Links the identity of a pool token (`token`) to the signed-in account, after signing in again
   * (`reauth` from /auth/reauth): the token must carry the account's own, verified address.
   */
  link: signedInProcedure
    .input(linkSchema)
    .output(z.object({ success: z.boolean(), linked: z.array(externalIdentityOutput) }))
    .mutation(({ ctx, input }) => linkExternalIdentity(ctx.platform, ctx.actor, input, ctx.requestId)),
});
