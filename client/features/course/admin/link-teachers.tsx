import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../lib/auth';
import { distinctLabels } from '../../../lib/labels';
import { useAdminCourses } from '../../../ui/admin/api/get-admin-courses';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CourseTeachers } from './course-teachers';

/**
 * /admin/link-teachers (assign_owners): pick a course, then add or remove teachers as its owners,
 * and choose whether they also own the course's modules (the lead says what each choice allows).
 */
export function LinkTeachersRoute({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('courseAdmin.linkTeachersTitle'));
  const courses = useAdminCourses();
  const [course, setCourse] = useState('');
  const selectId = useId();
  const chosen = courses.data?.find((item) => item.path === course);

  return (
    <>
      <h1>{t('courseAdmin.linkTeachersTitle')}</h1>
      <p className="page-lead">{t('courseAdmin.linkTeachersLead')}</p>
      <div className="form form--wide">
        <div className="field">
          <label htmlFor={selectId} className="field__label">
            {t('courseAdmin.pickCourse')}
          </label>
          {courses.isPending ? (
            <Loading />
          ) : courses.isError ? (
            <ErrorPanel
              message={t('courseAdmin.loadError')}
              onRetry={() => void courses.refetch()}
              error={courses.error}
            />
          ) : (
            <select id={selectId} value={course} onChange={(event) => setCourse(event.target.value)}>
              <option value="">{t('courseAdmin.pickCoursePlaceholder')}</option>
              {courses.data.map((item) => (
                <option key={item.path} value={item.path}>
                  {distinctLabels(courses.data).get(item.path)}
                </option>
              ))}
            </select>
          )}
        </div>
      </div>
      {chosen && (
        <section aria-labelledby="teachers-title">
          <h2 id="teachers-title">{t('courseAdmin.teachersOf', { name: chosen.name })}</h2>
          <CourseTeachers
            key={chosen.path}
            coursePath={chosen.path}
            courseName={chosen.name}
            viewer={viewer}
          />
        </section>
      )}
    </>
  );
}
