import { courseRouter } from './course/router';
import { roleRouter } from './role/router';
import { tenantRouter } from './tenant/router';
import { router } from './trpc';
import { userRouter } from './user/router';

export const appRouter = router({
  course: courseRouter,
  tenant: tenantRouter,
  user: userRouter,
  role: roleRouter,
});

export type AppRouter = typeof appRouter;
