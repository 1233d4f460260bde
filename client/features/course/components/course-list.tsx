import { useTranslation } from 'react-i18next';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { type CourseListFilter, useCourses } from '../api/get-courses';
import { CourseCard } from './course-card';

/** Courses as cards, with the loading, empty and error states of section 8. */
export function CourseList({ filter, labelledBy }: { filter?: CourseListFilter; labelledBy?: string }) {
  const { t } = useTranslation();
  const courses = useCourses(filter);
  // A retry after an error shows the loading state again until the new answer arrives.
  const loading = courses.isPending || (courses.isError && courses.isFetching);

  const content = () => {
    if (courses.isPending || loading) return <Loading />;
    if (courses.isError)
      return (
        <ErrorPanel
          message={t('courses.loadError')}
          onRetry={() => void courses.refetch()}
          error={courses.error}
        />
      );
    if (courses.data.length === 0) return <Empty>{t('courses.empty')}</Empty>;
    return (
      <ul className="card-grid">
        {courses.data.map((course) => (
          <li key={course.courseId}>
            <CourseCard course={course} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className="course-list" aria-busy={loading} aria-labelledby={labelledBy}>
      {content()}
    </section>
  );
}
