import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { errorCode } from '../../../lib/trpc';
import { ItemQuery } from '../../../ui/item-query';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { LinkedFiles, LinkedModules } from '../../module/components/linked-content';
import { TranslationSwitch } from '../../module/components/translation-switch';
import { type Course, useCourse } from '../api/get-course';
import { useSections } from '../api/get-sections';
import { CourseInfo } from '../components/course-info';
import { SectionPanel } from '../components/section-panel';

/**
 * /course/:coursePath and /course/:coursePath/section/:sectionPath: the course with its tabs, Info
 * and one per published section in the editors' order. The certificate and team tabs join them
 * with their features.
 */
export function CourseRoute({ coursePath, sectionPath }: { coursePath: string; sectionPath?: string }) {
  const { t } = useTranslation();
  const course = useCourse(coursePath);
  const sections = useSections(coursePath);
  // A path that cannot be a course path (BAD_REQUEST) names no course either.
  const code = course.isError ? errorCode(course.error) : null;
  const notFound = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(
    course.data?.name ?? (notFound ? t('courses.notFound') : course.isError ? t('courses.loadOneError') : ''),
  );

  return (
    <ItemQuery
      query={course}
      notFound={t('courses.notFound')}
      loadError={t('courses.loadOneError')}
      backHref="/course"
      backLabel={t('courses.title')}
    >
      {(data) => <CourseTabs course={data} sectionPath={sectionPath} sections={sections} />}
    </ItemQuery>
  );
}

function CourseTabs({
  course: data,
  sectionPath,
  sections,
}: {
  course: Course;
  sectionPath?: string;
  sections: ReturnType<typeof useSections>;
}) {
  const { t } = useTranslation();
  const list = sections.data ?? [];
  const section = sectionPath ? list.find((candidate) => candidate.path === sectionPath) : undefined;
  const tab = (href: string, label: string, current: boolean) => (
    <li key={href}>
      <Link href={href} aria-current={current ? 'page' : undefined} className="tabs__tab">
        {label}
      </Link>
    </li>
  );
  return (
    <article className="course">
      <h1 lang={data.language}>{data.name}</h1>
      <TranslationSwitch kind="course" path={data.path} hrefOf={(path) => `/course/${path}`} />
      <nav className="tabs" aria-label={t('courses.tabs')}>
        <ul>
          {tab(`/course/${data.path}`, t('courses.info'), !sectionPath)}
          {list.map((entry) =>
            tab(`/course/${data.path}/section/${entry.path}`, entry.name, entry.path === sectionPath),
          )}
        </ul>
      </nav>
      {!sectionPath ? (
        <>
          <CourseInfo course={data} />
          <LinkedModules
            parent={{ parentType: 'course', parentPath: data.path }}
            base={`/course/${data.path}`}
          />
          <LinkedFiles parent={{ parentType: 'course', parentPath: data.path }} />
        </>
      ) : sections.isPending ? (
        <Loading />
      ) : sections.isError ? (
        <ErrorPanel message={t('sections.loadError')} onRetry={() => void sections.refetch()} />
      ) : section ? (
        <SectionPanel section={section} coursePath={data.path} />
      ) : (
        <div className="status status--not-found">
          <h2>{t('sections.notFound')}</h2>
        </div>
      )}
    </article>
  );
}
