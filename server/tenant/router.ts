import { publicProcedure, router } from '../trpc';

export const tenantRouter = router({
  /** Name, colours, fonts, images, texts, languages, signup fields and static pages of this tenant. */
  get: publicProcedure.query(({ ctx }) => ctx.platform.tenant),
});
