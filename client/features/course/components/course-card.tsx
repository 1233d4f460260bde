import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { plainText, truncate } from '../../../lib/text';
import { ContentImage } from '../../../ui/content-image';
import { imageSizes } from '../../../ui/images';
import type { CourseSummary } from '../api/get-courses';
import { CourseDates, hasDates } from './course-dates';

const infoLength = 160;

/** A course in a list: its name links to the course; the whole card is clickable. */
export function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation();
  return (
    <article className="card course-card">
      <ContentImage
        className="card__image"
        image={course.image}
        sizes={imageSizes.card}
        largest="main"
        lazy
      />
      <p className="card__eyebrow">
        <span className="badge">{t(`languages.${course.language}`)}</span>
        {/* Only its owners and editors see an unpublished course listed (it opens for them alone). */}
        {!course.published && <span className="badge badge--muted">{t('modules.unpublished')}</span>}
        {hasDates(course.startdate, course.enddate) && (
          <span className="card__dates">
            <CourseDates start={course.startdate} end={course.enddate} />
          </span>
        )}
      </p>
      <h2 className="card__title" lang={course.language}>
        <Link href={`/course/${course.path}`} className="card__link">
          {course.name}
        </Link>
      </h2>
      {course.info && (
        <p className="card__text" lang={course.language}>
          {truncate(plainText(course.info), infoLength)}
        </p>
      )}
      {(course.location || course.teacher) && (
        <dl className="card__facts">
          {course.location && (
            <div>
              <dt>{t('courses.location')}</dt>
              <dd>{course.location}</dd>
            </div>
          )}
          {course.teacher && (
            <div>
              <dt>{t('courses.teacher')}</dt>
              <dd>{course.teacher}</dd>
            </div>
          )}
        </dl>
      )}
    </article>
  );
}
