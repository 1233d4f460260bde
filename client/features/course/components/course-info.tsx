import { useTranslation } from 'react-i18next';
import { paragraphs } from '../../../lib/text';
import type { Course } from '../api/get-course';
import { CourseDates, hasDates } from './course-dates';

/** The Info tab: what the course is about, when, where, with whom and in which language. */
export function CourseInfo({ course }: { course: Course }) {
  const { t } = useTranslation();
  return (
    <div className="course-info">
      <div className="prose" lang={course.language}>
        {paragraphs(course.info).map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
      <dl className="facts">
        {hasDates(course.startdate, course.enddate) && (
          <div>
            <dt>{t('courses.period')}</dt>
            <dd>
              <CourseDates start={course.startdate} end={course.enddate} />
            </dd>
          </div>
        )}
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
        <div>
          <dt>{t('courses.language')}</dt>
          <dd>{t(`languages.${course.language}`)}</dd>
        </div>
      </dl>
    </div>
  );
}
