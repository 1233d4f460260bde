import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { errorCode } from '../../../lib/trpc';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCourse } from '../api/get-course';
import { CourseInfo } from '../components/course-info';

/**
 * /course/:coursePath: the course with its tabs. Only Info exists for now; the certificate,
 * section and team tabs join it with their features.
 */
export function CourseRoute({ coursePath }: { coursePath: string }) {
  const { t } = useTranslation();
  const course = useCourse(coursePath);
  // A path that cannot be a course path (BAD_REQUEST) names no course either.
  const code = course.isError ? errorCode(course.error) : null;
  const notFound = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(
    course.data?.name ?? (notFound ? t('courses.notFound') : course.isError ? t('courses.loadOneError') : ''),
  );

  if (course.isPending || (course.isError && course.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (course.isError) {
    return notFound ? (
      <div className="status status--not-found">
        <h1>{t('courses.notFound')}</h1>
        <p>
          <Link href="/course">{t('courses.title')}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel message={t('courses.loadOneError')} onRetry={() => void course.refetch()} />
    );
  }

  const data = course.data;
  return (
    <article className="course">
      <h1 lang={data.language}>{data.name}</h1>
      <nav className="tabs" aria-label={t('courses.tabs')}>
        <ul>
          <li>
            <Link href={`/course/${data.path}`} aria-current="page" className="tabs__tab">
              {t('courses.info')}
            </Link>
          </li>
        </ul>
      </nav>
      <CourseInfo course={data} />
    </article>
  );
}
