import { apiClientRouter } from './api-client/router';
import { externalAccountRouter } from './auth/external-router';
import { secondFactorRouter } from './auth/second-factor-router';
import { sessionRouter } from './auth/sessions-router';
import { calendarRouter } from './calendar/router';
import { badgeRouter } from './certificate/badges/router';
import { certificateRouter } from './certificate/router';
import { courseRouter } from './course/router';
import { fileRouter } from './file/router';
import { linkRouter } from './link/router';
import { ltiRouter } from './lti/router';
import { messageRouter } from './message/router';
import { moduleRouter } from './module/router';
import { pageRouter } from './page/router';
import { resultRouter } from './result/router';
import { roleRouter } from './role/router';
import { searchRouter } from './search/router';
import { sectionRouter } from './section/router';
import { settingsRouter } from './settings/router';
import { tenantRouter } from './tenant/router';
import { trackingRouter } from './tracking/router';
import { translationRouter } from './translation/router';
import { router } from './trpc';
import { userRouter } from './user/router';

export const appRouter = router({
  course: courseRouter,
  section: sectionRouter,
  module: moduleRouter,
  page: pageRouter,
  result: resultRouter,
  file: fileRouter,
  link: linkRouter,
  translation: translationRouter,
  tenant: tenantRouter,
  user: userRouter,
  role: roleRouter,
  tracking: trackingRouter,
  certificate: certificateRouter,
  badge: badgeRouter,
  secondFactor: secondFactorRouter,
  externalAccount: externalAccountRouter,
  settings: settingsRouter,
  session: sessionRouter,
  message: messageRouter,
  calendar: calendarRouter,
  search: searchRouter,
  apiClient: apiClientRouter,
  lti: ltiRouter,
});

export type AppRouter = typeof appRouter;
