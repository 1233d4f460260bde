import { courseRouter } from './course/router';
import { roleRouter } from './role/router';
import { sectionRouter } from './section/router';
import { tenantRouter } from './tenant/router';
import { router } from './trpc';
import { userRouter } from './user/router';

export const appRouter = router({
  course: courseRouter,
  section: sectionRouter,
  tenant: tenantRouter,
  user: userRouter,
  role: roleRouter,
});

export type AppRouter = typeof appRouter;
