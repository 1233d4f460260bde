import { z } from 'zod';
import { certificateCodeSchema } from '../../../events/certificate/events';
import { publicProcedure, router, signedInProcedure } from '../../trpc';
import { credentialOf } from './issue';
import { credentialCheckOutput, credentialOutput } from './outputs';
import { verifyCredential, verifyCredentialSchema } from './verify';

export const badgeRouter = router({
  /**
   * A certificate as an Open Badges 3.0 credential: the VC-JWT ('Add to wallet', `.jwt`) and the
   * readable credential (`.json`); for who may download the certificate's PDF.
   */
  credential: signedInProcedure
    .input(z.object({ code: certificateCodeSchema }))
    .output(credentialOutput)
    .query(({ ctx, input }) => credentialOf(ctx.platform, ctx.actor, input.code)),
  /** Checks a pasted credential (public, like the verification page); a mutation for its size. */
  verify: publicProcedure
    .input(verifyCredentialSchema)
    .output(credentialCheckOutput)
    .mutation(({ ctx, input }) => verifyCredential(ctx.platform, input.credential)),
});
