import { publicProcedure, router } from '../trpc';
import { tenantOutput } from './outputs';

export const tenantRouter = router({
  /** Name, colours, fonts, images, texts, languages, signup fields and static pages of this tenant. */
  get: publicProcedure.output(tenantOutput).query(({ ctx }) => ctx.platform.tenant),
});
