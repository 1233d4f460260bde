import { lazy } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { StaticPageRoute } from '../features/static-pages/routes/static-page';
import { useCurrentUser } from '../lib/auth';
import { loadAdminTexts } from '../lib/i18n';
import { HomePage } from './pages/home';
import { NotFoundPage } from './pages/not-found';

/*
 * Route-level code splitting: the home page is in the first chunk; every other screen is a chunk
 * of its own, fetched on the first visit to its address and cached for good (hashed names). A
 * learner's first load is the home page, or the course, module or page they open, never the admin
 * area, certificates, classrooms, forms, the Markdown editor or drag and drop (the budget and its
 * browser test: e2e/learner-bundle.spec.ts).
 */
const CoursesRoute = lazy(() =>
  import('../features/course/routes/courses').then((m) => ({ default: m.CoursesRoute })),
);
const CoursePage = lazy(() => import('./pages/course-page').then((m) => ({ default: m.CoursePage })));
const ModulesRoute = lazy(() =>
  import('../features/module/routes/modules').then((m) => ({ default: m.ModulesRoute })),
);
const ModuleRoute = lazy(() =>
  import('../features/module/routes/module').then((m) => ({ default: m.ModuleRoute })),
);

/** The admin area is its own chunk, fetched on the first visit to /admin, with its texts. */
const AdminRoutes = lazy(() =>
  Promise.all([import('../features/admin/admin-routes'), loadAdminTexts()]).then(([routes]) => routes),
);
/** Forms (and their validation) load when first needed, keeping the home page light. */
const LoginRoute = lazy(() =>
  import('../features/auth/routes/login').then((m) => ({ default: m.LoginRoute })),
);
const InvitationRoute = lazy(() =>
  import('../features/auth/routes/invitation').then((m) => ({ default: m.InvitationRoute })),
);
/** Pages pull in the Markdown renderer: load them when a page is first opened. */
const PageRoute = lazy(() => import('./pages/page-page').then((m) => ({ default: m.PagePage })));
const MessagesRoute = lazy(() =>
  import('../features/message/routes/messages').then((m) => ({ default: m.MessagesRoute })),
);
const MessageThreadRoute = lazy(() =>
  import('../features/message/routes/messages').then((m) => ({ default: m.MessageThreadRoute })),
);
const ResultPage = lazy(() => import('./pages/result-page').then((m) => ({ default: m.ResultPage })));
const ProfileRoute = lazy(() =>
  import('../features/user/routes/profile').then((m) => ({ default: m.ProfileRoute })),
);
const VerifyCertificateRoute = lazy(() =>
  import('../features/certificate/routes/verify').then((m) => ({ default: m.VerifyCertificateRoute })),
);
const VerifyCredentialRoute = lazy(() =>
  import('../features/certificate/routes/verify').then((m) => ({ default: m.VerifyCredentialRoute })),
);
const ClassroomRoute = lazy(() =>
  import('../features/classroom/routes/classroom').then((m) => ({ default: m.ClassroomRoute })),
);
const BreakoutRoomRoute = lazy(() =>
  import('../features/classroom/routes/breakout-room').then((m) => ({ default: m.BreakoutRoomRoute })),
);
const CertificatesRoute = lazy(() =>
  import('../features/certificate/routes/certificates').then((m) => ({ default: m.CertificatesRoute })),
);
/** Search loads on its first use, so no learner downloads it before searching. */
const SearchRoute = lazy(() =>
  import('../features/search/routes/search').then((m) => ({ default: m.SearchRoute })),
);
const SessionsRoute = lazy(() =>
  import('../features/user/routes/sessions').then((m) => ({ default: m.SessionsRoute })),
);

/**
 * Every route of the client, in one list. Later features add theirs here
 * (/module, course sections, ...), above the static-page catch-all.
 */
export function AppRoutes() {
  const user = useCurrentUser();
  const [location] = useLocation();
  // Where the role asks for two-step sign-in, setting it up comes first (the server refuses the rest).
  if (user?.mustEnrolSecondFactor && location !== '/user') return <Redirect to="/user" replace />;
  return (
    <Switch>
      <Route path="/">
        <HomePage />
      </Route>
      <Route path="/login">
        <LoginRoute />
      </Route>
      <Route path="/invitation">
        <InvitationRoute />
      </Route>
      <Route path="/course">
        <CoursesRoute />
      </Route>
      <Route path="/course/:coursePath">
        {(params) => <CoursePage key={params.coursePath} coursePath={params.coursePath} />}
      </Route>
      <Route path="/course/:coursePath/section/:sectionPath">
        {(params) => (
          <CoursePage
            key={params.coursePath}
            coursePath={params.coursePath}
            tab={{ kind: 'section', sectionPath: params.sectionPath }}
          />
        )}
      </Route>
      <Route path="/course/:coursePath/section/:sectionPath/classroom/:classroomName">
        {(params) => (
          <ClassroomRoute
            key={`${params.sectionPath}/${params.classroomName}`}
            coursePath={params.coursePath}
            sectionPath={params.sectionPath}
            classroomName={params.classroomName}
          />
        )}
      </Route>
      <Route path="/course/:coursePath/section/:sectionPath/breakoutroom/:roomNumber">
        {(params) => (
          <BreakoutRoomRoute
            key={`${params.sectionPath}/${params.roomNumber}`}
            coursePath={params.coursePath}
            sectionPath={params.sectionPath}
            roomNumber={params.roomNumber}
          />
        )}
      </Route>
      <Route path="/course/:coursePath/certificate">
        {(params) => (
          <CoursePage key={params.coursePath} coursePath={params.coursePath} tab={{ kind: 'certificate' }} />
        )}
      </Route>
      <Route path="/course/:coursePath/team">
        {(params) => (
          <CoursePage key={params.coursePath} coursePath={params.coursePath} tab={{ kind: 'team' }} />
        )}
      </Route>
      <Route path="/course/:coursePath/module/:modulePath">
        {(params) => (
          <ModuleRoute
            key={params.modulePath}
            modulePath={params.modulePath}
            base={`/course/${params.coursePath}`}
          />
        )}
      </Route>
      <Route path="/course/:coursePath/module/:modulePath/page/:pagePath">
        {(params) => (
          <PageRoute
            key={params.pagePath}
            modulePath={params.modulePath}
            pagePath={params.pagePath}
            base={`/course/${params.coursePath}`}
          />
        )}
      </Route>
      <Route path="/course/:coursePath/module/:modulePath/result">
        {(params) => (
          <ResultPage
            key={params.modulePath}
            modulePath={params.modulePath}
            base={`/course/${params.coursePath}`}
          />
        )}
      </Route>
      <Route path="/module">
        <ModulesRoute />
      </Route>
      <Route path="/module/:modulePath">
        {(params) => <ModuleRoute key={params.modulePath} modulePath={params.modulePath} />}
      </Route>
      <Route path="/module/:modulePath/page/:pagePath">
        {(params) => (
          <PageRoute key={params.pagePath} modulePath={params.modulePath} pagePath={params.pagePath} />
        )}
      </Route>
      <Route path="/module/:modulePath/result">
        {(params) => <ResultPage key={params.modulePath} modulePath={params.modulePath} />}
      </Route>
      <Route path="/user">
        <ProfileRoute />
      </Route>
      <Route path="/user/certificates">
        <CertificatesRoute />
      </Route>
      <Route path="/user/sessions">
        <SessionsRoute />
      </Route>
      <Route path="/messages">
        <MessagesRoute />
      </Route>
      <Route path="/messages/:thread">
        {(params) => <MessageThreadRoute key={params.thread} thread={params.thread} />}
      </Route>
      <Route path="/search">
        <SearchRoute />
      </Route>
      <Route path="/certificates">
        <CertificatesRoute />
      </Route>
      <Route path="/certificate">
        <VerifyCredentialRoute />
      </Route>
      <Route path="/certificate/:code">
        {(params) => <VerifyCertificateRoute key={params.code} code={params.code} />}
      </Route>
      <Route path="/admin" nest>
        <AdminRoutes />
      </Route>
      <Route path="/:staticPath">
        {(params) => <StaticPageRoute path={params.staticPath} notFound={<NotFoundPage />} />}
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
