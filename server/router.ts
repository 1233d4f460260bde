import { courseRouter } from './course/router';
import { tenantRouter } from './tenant/router';
import { router } from './trpc';

export const appRouter = router({
  course: courseRouter,
  tenant: tenantRouter,
});

export type AppRouter = typeof appRouter;
