import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { CourseRoute } from '../features/course/routes/course';
import { CoursesRoute } from '../features/course/routes/courses';
import { StaticPageRoute } from '../features/static-pages/routes/static-page';
import { HomePage } from './pages/home';
import { NotFoundPage } from './pages/not-found';

/** The admin area is its own chunk, fetched on the first visit to /admin. */
const AdminRoutes = lazy(() => import('../features/admin/routes/admin-routes'));

/**
 * Every route of the client, in spec section 2's order. Later features add theirs here
 * (/login, /module, /user, /certificates, course sections, ...), above the static-page catch-all.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <HomePage />
      </Route>
      <Route path="/course">
        <CoursesRoute />
      </Route>
      <Route path="/course/:coursePath">
        {(params) => <CourseRoute key={params.coursePath} coursePath={params.coursePath} />}
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
