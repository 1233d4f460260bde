import '../../ui/admin/admin.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation } from 'wouter';
import { ADMIN_ROLE } from '../../../events/permissions';
import { type CurrentUser, hasRule, holdsAnyRole, type RuleName } from '../../lib/auth';
import { NotAllowed } from '../../ui/admin/not-allowed';
import { SignedInOnly } from '../../ui/signed-in-only';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ApiClientsRoute } from '../api-client/admin/api-clients';
import { NewApiClientRoute } from '../api-client/admin/new-api-client';
import { CertificateConfigChooserRoute } from '../certificate/admin/certificate-config-chooser';
import { CourseCertificatesRoute } from '../certificate/admin/course-certificates';
import { ExpiringCertificatesRoute } from '../certificate/admin/expiring-certificates';
import { CourseRoute } from '../course/admin/course-edit';
import { CoursesRoute } from '../course/admin/course-list';
import { NewCourseRoute } from '../course/admin/course-new';
import { LinkTeachersRoute } from '../course/admin/link-teachers';
import { TranslationsRoute } from '../course/admin/translations';
import { FileRoute } from '../file/admin/file-edit';
import { LinkExistingFilesRoute } from '../file/admin/file-link-existing';
import { FilesRoute } from '../file/admin/file-list';
import { NewFileRoute } from '../file/admin/file-new';
import { LtiPlatformsRoute } from '../lti/admin/lti-platforms';
import { NewLtiPlatformRoute } from '../lti/admin/new-lti-platform';
import { InboxRoute, InboxThreadRoute } from '../message/admin/inbox';
import { ModuleRoute, type ModuleView, moduleViews } from '../module/admin/module-edit';
import { LinkExistingModulesRoute } from '../module/admin/module-link-existing';
import { ModuleListRoute } from '../module/admin/module-list';
import { NewModuleRoute } from '../module/admin/module-new';
import { PageRoute } from '../page/admin/page-edit';
import { NewPageRoute } from '../page/admin/page-new';
import { ParticipantResultRoute } from '../result/admin/participant-result';
import { ToGradeCount, ToGradeRoute } from '../result/admin/to-grade';
import { NewRoleRoute } from '../role/admin/new-role';
import { RoleRoute } from '../role/admin/role';
import { RolesRoute } from '../role/admin/roles';
import { SectionRoute } from '../section/admin/section-edit';
import { NewSectionRoute } from '../section/admin/section-new';
import { SettingsRoute } from '../settings/admin/settings';
import { ImportUsersRoute } from '../user/admin/import-users';
import { LinkExistingUsersRoute } from '../user/admin/link-existing-users';
import { NewUserRoute } from '../user/admin/new-user';
import { UserRoute } from '../user/admin/user';
import { UsersRoute } from '../user/admin/users';
import { courseEmbeds, moduleEmbeds, pagePreview, participantCertificate, sectionEmbeds } from './embeds';

/** A route parameter as written by the user (role names may hold spaces or other characters). */
const param = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The admin area, loaded as its own chunk on the first visit to /admin. Routes here are relative
 * to /admin. Signed-out visitors go to /login; anyone holding a role gets in, and each screen then
 * asks for its own right (manage_users, manage_roles), the same rules the server enforces.
 */
export default function AdminRoutes() {
  return (
    <SignedInOnly>{(user) => (holdsAnyRole(user) ? <AdminArea user={user} /> : <NotAllowed />)}</SignedInOnly>
  );
}

function AdminArea({ user }: { user: CurrentUser }) {
  const manageUsers = hasRule(user, 'manage_users');
  const linkUsers = manageUsers || hasRule(user, 'assign_participants');
  const need = (allowed: boolean, screen: ReactNode) => (allowed ? screen : <NotAllowed />);
  const isAdmin = user.roles.includes(ADMIN_ROLE);

  return (
    <div className="admin">
      <AdminNav user={user} />
      <div className="admin__content">
        <Switch>
          <Route path="/">
            <AdminWelcome user={user} />
          </Route>
          <Route path="/users">{need(manageUsers, <UsersRoute />)}</Route>
          <Route path="/users/new">{need(manageUsers, <NewUserRoute />)}</Route>
          <Route path="/users/import">{need(manageUsers, <ImportUsersRoute />)}</Route>
          <Route path="/users/link-existing">{need(linkUsers, <LinkExistingUsersRoute />)}</Route>
          <Route path="/users/course-certificates">
            {need(linkUsers || hasRule(user, 'edit'), <CourseCertificatesRoute viewer={user} />)}
          </Route>
          <Route path="/users/expiring-certificates">
            {need(manageUsers, <ExpiringCertificatesRoute />)}
          </Route>
          <Route path="/certificate-config">
            {need(
              (['view', 'create', 'edit'] as const).some((rule) => hasRule(user, rule)),
              <CertificateConfigChooserRoute />,
            )}
          </Route>
          <Route path="/users/:userId">
            {(params) =>
              need(manageUsers, <UserRoute key={params.userId} userId={param(params.userId)} viewer={user} />)
            }
          </Route>
          <Route path="/courses">
            <CoursesRoute user={user} />
          </Route>
          <Route path="/courses/new-course">{need(hasRule(user, 'create'), <NewCourseRoute />)}</Route>
          <Route path="/courses/:coursePath">
            {(params) => (
              <CourseRoute
                key={params.coursePath}
                path={params.coursePath}
                view="info"
                user={user}
                embeds={courseEmbeds}
              />
            )}
          </Route>
          <Route path="/courses/:coursePath/to-grade">
            {(params) => (
              <ToGradeRoute key={params.coursePath} scope={{ course: param(params.coursePath) }} />
            )}
          </Route>
          <Route path="/courses/:coursePath/:view">
            {(params) => (
              <CourseRoute
                key={params.coursePath}
                path={params.coursePath}
                view={params.view}
                user={user}
                embeds={courseEmbeds}
              />
            )}
          </Route>
          <Route path="/sections/new">
            <NewSectionRoute />
          </Route>
          <Route path="/sections/:sectionPath">
            {(params) => (
              <SectionRoute
                key={params.sectionPath}
                path={params.sectionPath}
                view="info"
                user={user}
                embeds={sectionEmbeds}
              />
            )}
          </Route>
          <Route path="/sections/:sectionPath/:view">
            {(params) => (
              <SectionRoute
                key={params.sectionPath}
                path={params.sectionPath}
                view={params.view}
                user={user}
                embeds={sectionEmbeds}
              />
            )}
          </Route>
          <Route path="/files">
            <FilesRoute user={user} />
          </Route>
          <Route path="/files/new">
            <NewFileRoute />
          </Route>
          <Route path="/files/link-existing">
            <LinkExistingFilesRoute />
          </Route>
          <Route path="/files/:filePath">
            {(params) => <FileRoute key={params.filePath} path={params.filePath} user={user} />}
          </Route>
          <Route path="/link-teachers">
            {need(hasRule(user, 'assign_owners'), <LinkTeachersRoute viewer={user} />)}
          </Route>
          <Route path="/translations">{need(hasRule(user, 'view'), <TranslationsRoute />)}</Route>
          <Route path="/modules">
            <ModuleListRoute viewer={user} />
          </Route>
          <Route path="/modules/new">{need(hasRule(user, 'create'), <NewModuleRoute />)}</Route>
          <Route path="/modules/link-existing">
            <LinkExistingModulesRoute canCreate={hasRule(user, 'create')} />
          </Route>
          <Route path="/modules/:modulePath">
            {(params) => (
              <ModuleRoute
                key={params.modulePath}
                path={params.modulePath}
                view="form"
                viewer={user}
                embeds={moduleEmbeds}
              />
            )}
          </Route>
          <Route path="/modules/:modulePath/to-grade">
            {(params) => (
              <ToGradeRoute key={params.modulePath} scope={{ module: param(params.modulePath) }} />
            )}
          </Route>
          <Route path="/modules/:modulePath/:view">
            {(params) =>
              moduleViews.includes(params.view as ModuleView) && params.view !== 'form' ? (
                <ModuleRoute
                  key={params.modulePath}
                  path={params.modulePath}
                  view={params.view as ModuleView}
                  viewer={user}
                  embeds={moduleEmbeds}
                />
              ) : (
                <AdminNotFound />
              )
            }
          </Route>
          <Route path="/to-grade">
            <ToGradeRoute scope={{ all: true }} />
          </Route>
          <Route path="/results/:userId">
            {(params) => (
              <ParticipantResultRoute
                key={params.userId}
                userId={param(params.userId)}
                viewer={user}
                certificate={participantCertificate}
              />
            )}
          </Route>
          <Route path="/pages/new">
            <NewPageRoute viewer={user} />
          </Route>
          <Route path="/pages/:pagePath">
            {(params) => (
              <PageRoute key={params.pagePath} path={params.pagePath} viewer={user} preview={pagePreview} />
            )}
          </Route>
          <Route path="/roles">{need(hasRule(user, 'manage_roles'), <RolesRoute />)}</Route>
          <Route path="/roles/new-role">
            {need(hasRule(user, 'manage_roles'), <NewRoleRoute viewer={user} />)}
          </Route>
          <Route path="/api-clients">{need(isAdmin, <ApiClientsRoute />)}</Route>
          <Route path="/api-clients/new">{need(isAdmin, <NewApiClientRoute />)}</Route>
          <Route path="/lti">{need(isAdmin, <LtiPlatformsRoute />)}</Route>
          <Route path="/lti/new">{need(isAdmin, <NewLtiPlatformRoute />)}</Route>
          <Route path="/settings">{need(hasRule(user, 'manage_roles'), <SettingsRoute />)}</Route>
          <Route path="/messages">
            <InboxRoute />
          </Route>
          <Route path="/messages/:thread">
            {(params) => <InboxThreadRoute key={params.thread} thread={params.thread} />}
          </Route>
          <Route path="/roles/:roleName">
            {(params) =>
              need(
                hasRule(user, 'manage_roles'),
                <RoleRoute key={params.roleName} name={param(params.roleName)} viewer={user} />,
              )
            }
          </Route>
          <Route>
            <AdminNotFound />
          </Route>
        </Switch>
      </div>
    </div>
  );
}

/**
 * The admin screens this person's rights open, and nothing else. A screen for administrators only
 * (`adminOnly`: API clients, which may hold any right, and learning platforms, which make accounts
 * and link them) asks for the admin role instead of a rule.
 */
function useAdminLinks(user: CurrentUser) {
  const { t } = useTranslation();
  const links: { href: string; label: string; text: string; rules: RuleName[]; adminOnly?: true }[] = [
    {
      href: '/courses',
      label: t('courseAdmin.title'),
      text: t('courseAdmin.navText'),
      rules: ['view', 'create', 'edit', 'delete', 'assign_owners', 'assign_participants'],
    },
    {
      href: '/files',
      label: t('fileAdmin.title'),
      text: t('fileAdmin.navText'),
      rules: ['view', 'create', 'edit', 'delete'],
    },
    {
      href: '/translations',
      label: t('translationAdmin.title'),
      text: t('translationAdmin.navText'),
      rules: ['view'],
    },
    {
      href: '/link-teachers',
      label: t('courseAdmin.linkTeachersTitle'),
      text: t('courseAdmin.linkTeachersText'),
      rules: ['assign_owners'],
    },
    {
      href: '/modules',
      label: t('moduleAdmin.title'),
      text: t('moduleAdmin.navText'),
      rules: ['view', 'create', 'edit', 'delete', 'assign_owners', 'assign_participants'],
    },
    {
      href: '/users',
      label: t('adminArea.users'),
      text: t('adminArea.usersText'),
      rules: ['manage_users'],
    },
    {
      href: '/users/link-existing',
      label: t('adminArea.linkUsers'),
      text: t('adminArea.linkUsersText'),
      rules: ['manage_users', 'assign_participants'],
    },
    {
      href: '/users/course-certificates',
      label: t('certificates.admin.title'),
      text: t('certificates.admin.navText'),
      rules: ['manage_users', 'assign_participants', 'edit'],
    },
    {
      href: '/users/expiring-certificates',
      label: t('expiringCertificates.nav'),
      text: t('expiringCertificates.navText'),
      rules: ['manage_users'],
    },
    {
      href: '/certificate-config',
      label: t('certificates.config.chooserTitle'),
      text: t('certificates.config.chooserNavText'),
      rules: ['view', 'create', 'edit'],
    },
    {
      href: '/messages',
      label: t('messageAdmin.nav'),
      text: t('messageAdmin.navText'),
      rules: ['create', 'edit'],
    },
    {
      href: '/roles',
      label: t('adminArea.roles'),
      text: t('adminArea.rolesText'),
      rules: ['manage_roles'],
    },
    {
      href: '/api-clients',
      label: t('adminArea.apiClients.title'),
      text: t('adminArea.apiClients.navText'),
      rules: [],
      adminOnly: true,
    },
    {
      href: '/lti',
      label: t('adminArea.lti.title'),
      text: t('adminArea.lti.navText'),
      rules: [],
      adminOnly: true,
    },
    {
      href: '/settings',
      label: t('adminSettings.title'),
      text: t('adminSettings.navText'),
      rules: ['manage_roles'],
    },
  ];
  return links.filter((link) =>
    link.adminOnly ? user.roles.includes(ADMIN_ROLE) : link.rules.some((rule) => hasRule(user, rule)),
  );
}

function AdminNav({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const links = useAdminLinks(user).filter(
    (link) => link.href !== '/users/link-existing' || !hasRule(user, 'manage_users'),
  );
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls: the screen one is on stays in sight (read again at each move).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes, which moves aria-current
  useEffect(() => {
    list.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [location]);
  if (links.length === 0) return null;
  // The most specific link is the current one (/users/course-certificates is not also /users).
  const matching = links
    .map((link) => link.href)
    .filter((href) => location === href || location.startsWith(`${href}/`));
  const currentHref = matching.sort((a, b) => b.length - a.length)[0];
  const current = (href: string) => href === currentHref;
  return (
    <nav className="admin-nav" aria-label={t('adminArea.navigation')}>
      <ul ref={list}>
        <li>
          <Link href="/" className="admin-nav__link" aria-current={location === '/' ? 'page' : undefined}>
            {t('adminArea.overview')}
          </Link>
        </li>
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="admin-nav__link"
              aria-current={current(link.href) ? 'page' : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AdminWelcome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.admin'));
  const links = useAdminLinks(user);
  return (
    <>
      <h1>{t('nav.admin')}</h1>
      <p className="page-lead">{t('admin.welcome')}</p>
      <ToGradeCount scope={{ all: true }} href="/to-grade" hideEmpty />
      {links.length > 0 ? (
        <ul className="card-grid admin-cards">
          {links.map((link) => (
            <li key={link.href}>
              <article className="card">
                <h2 className="card__title">
                  <Link href={link.href} className="card__link">
                    {link.label}
                  </Link>
                </h2>
                <p className="card__text">{link.text}</p>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('adminArea.nothingYet')}</p>
      )}
    </>
  );
}

function AdminNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.admin'));
  return <h1>{t('notFound.admin')}</h1>;
}
