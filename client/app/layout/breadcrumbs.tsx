import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { TextKey } from '../../../events/errors';
import { useCourse } from '../../features/course/api/get-course';
import { useLearnerModule } from '../../features/module/api/get-learner-module';
import { useLearnerPage } from '../../features/module/api/get-learner-page';
import { useModule } from '../../features/module/api/get-module';
import { pageLabel } from '../../features/module/components/page-label';
import { useSections } from '../../lib/course-sections';
import { findStaticPage, pick, useTenant } from '../../lib/tenant';
import { useLanguage } from '../../lib/use-language';

interface Crumb {
  href: string;
  /** Text, or a component that looks the name up (a course's name from its path). */
  label: ReactNode;
}

/** Home › course › tab › module › page, read from the path. Nothing on the home page itself. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const crumbs = useCrumbs(location);
  if (crumbs.length === 0) return null;

  const all: Crumb[] = [{ href: '/', label: t('nav.home') }, ...crumbs];
  return (
    <nav className="breadcrumbs container" aria-label={t('nav.breadcrumbs')}>
      <ol>
        {all.map((crumb, index) => (
          <li key={crumb.href}>
            {index === all.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link href={crumb.href}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function useCrumbs(location: string): Crumb[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const tenant = useTenant().data;
  const segments = location.split('/').filter(Boolean).map(safeDecode);
  const [first, second] = segments;
  if (!first) return [];

  if (first === 'course') {
    const crumbs: Crumb[] = [{ href: '/course', label: t('nav.courses') }];
    if (!second) return crumbs;
    const course = `/course/${second}`;
    crumbs.push({ href: course, label: <CourseName path={second} /> });
    const [, , kind, item] = segments;
    if (kind === 'section' && item) {
      crumbs.push({
        href: `${course}/section/${item}`,
        label: <SectionName coursePath={second} path={item} />,
      });
    }
    if (kind === 'team') crumbs.push({ href: `${course}/team`, label: t('courseView.team') });
    if (kind === 'certificate')
      crumbs.push({ href: `${course}/certificate`, label: t('certificates.course.tab') });
    if (kind === 'module' && item) crumbs.push(...moduleCrumbs(segments.slice(3), course));
    return crumbs;
  }
  if (first === 'module') {
    return [
      { href: '/module', label: t('modules.title') },
      ...(second ? moduleCrumbs(segments.slice(1), '') : []),
    ];
  }
  if (first === 'admin') return adminCrumbs(segments.slice(1), t);
  if (first === 'user') {
    const crumbs: Crumb[] = [{ href: '/user', label: t('nav.profile') }];
    if (second === 'certificates') crumbs.push({ href: '/user/certificates', label: t('nav.certificates') });
    if (second === 'sessions') crumbs.push({ href: '/user/sessions', label: t('sessions.title') });
    return segments.length <= 2 ? crumbs : [];
  }
  if (first === 'certificates' && segments.length === 1) {
    return [{ href: '/certificates', label: t('nav.certificates') }];
  }
  if (first === 'certificate' && second && segments.length === 2) {
    return [{ href: `/certificate/${encodeURIComponent(second)}`, label: t('certificates.verify.title') }];
  }

  const page = tenant && segments.length === 1 ? findStaticPage(tenant, first) : undefined;
  return page ? [{ href: `/${first}`, label: pick(page.title, language) }] : [];
}

/**
 * Beheer › Gebruikers › Nieuwe gebruiker, Beheer › Rollen › {role name}, …: words of the learner's
 * texts (`nav.adminCrumbs`), as the frame shows them before the admin area's texts arrive.
 */
function adminCrumbs(rest: string[], t: (key: TextKey) => string): Crumb[] {
  const crumbs: Crumb[] = [{ href: '/admin', label: t('nav.admin') }];
  const [section, item] = rest;
  const sections: Record<string, TextKey> = {
    users: 'nav.adminCrumbs.users',
    roles: 'nav.adminCrumbs.roles',
  };
  if (!section || !sections[section]) return crumbs;
  crumbs.push({ href: `/admin/${section}`, label: t(sections[section]) });
  if (!item || rest.length > 2) return crumbs;
  const href = `/admin/${section}/${encodeURIComponent(item)}`;
  if (section === 'users' && item === 'new') crumbs.push({ href, label: t('nav.adminCrumbs.newUser') });
  else if (section === 'users' && item === 'link-existing')
    crumbs.push({ href, label: t('nav.adminCrumbs.linkUsers') });
  else if (section === 'users' && item === 'course-certificates')
    crumbs.push({ href, label: t('certificates.admin.title') });
  else if (section === 'roles' && item === 'new-role')
    crumbs.push({ href, label: t('nav.adminCrumbs.newRole') });
  else if (section === 'roles') crumbs.push({ href, label: item });
  // A user's page names the user in its heading; the address holds only an id.
  return crumbs;
}

/** Module › page, for /module/{m}/page/{p} on its own or under a course. */
function moduleCrumbs([modulePath, kind, pagePath]: string[], base: string): Crumb[] {
  if (!modulePath) return [];
  const href = `${base}/module/${modulePath}`;
  const crumbs: Crumb[] = [{ href, label: <ModuleName path={modulePath} /> }];
  if (kind === 'page' && pagePath)
    crumbs.push({
      href: `${href}/page/${pagePath}`,
      label: <PageName modulePath={modulePath} path={pagePath} />,
    });
  if (kind === 'result') crumbs.push({ href: `${href}/result`, label: <ResultCrumb /> });
  return crumbs;
}

function ModuleName({ path }: { path: string }) {
  const module = useModule(path);
  return module.data ? <span lang={module.data.language}>{module.data.name}</span> : path;
}

/** The page as the participant meets it (shared with the page's own query): a test may hide its name. */
function PageName({ modulePath, path }: { modulePath: string; path: string }) {
  const { t } = useTranslation();
  const page = useLearnerPage(modulePath, path).data;
  const index = useLearnerModule(modulePath).data?.pages.findIndex((entry) => entry.path === path) ?? -1;
  return page ? pageLabel(t, page.page.name, index) : path;
}

function ResultCrumb() {
  const { t } = useTranslation();
  return t('answering.resultTitle');
}

function SectionName({ coursePath, path }: { coursePath: string; path: string }) {
  return useSections(coursePath).data?.find((section) => section.path === path)?.name ?? path;
}

/** The course's name once known (shared with the course page's own query), else its path. */
function CourseName({ path }: { path: string }) {
  const course = useCourse(path);
  return course.data ? <span lang={course.data.language}>{course.data.name}</span> : path;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
