import { z } from 'zod';
import { certificateCodeSchema } from '../../events/certificate/events';
import { authenticatedProcedure, publicProcedure, router } from '../trpc';
import { credentialOf } from './issue';
import { verifyCredential, verifyCredentialSchema } from './verify';

export const badgeRouter = router({
  /**
   * A certificate as an Open Badges 3.0 credential: the VC-JWT ('Add to wallet', `.jwt`) and the
   * readable credential (`.json`); for who may download the certificate's PDF.
   */
  credential: authenticatedProcedure
    .input(z.object({ code: certificateCodeSchema }))
    .query(({ ctx, input }) => credentialOf(ctx.platform, ctx.actor, input.code)),
  /** Checks a pasted credential (public, like the verification page); a mutation for its size. */
  verify: publicProcedure
    .input(verifyCredentialSchema)
    .mutation(({ ctx, input }) => verifyCredential(ctx.platform, input.credential)),
});
