import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCreateCourse } from '../api/course-mutations';
import { CourseForm, courseFormValues } from '../components/course-form';

/** /admin/courses/new-course: a new course; saving opens its edit page. */
export function NewCourseRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('courseAdmin.newTitle'));
  const create = useCreateCourse();
  const [, navigate] = useLocation();

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href="/courses">← {t('courseAdmin.backToList')}</Link>
      </p>
      <h1>{t('courseAdmin.newTitle')}</h1>
      <CourseForm
        defaultValues={courseFormValues()}
        submitLabel={t('courseAdmin.create')}
        onSubmit={async (course) => {
          const created = await create.mutateAsync({ course });
          navigate(`/courses/${created.path}`, { state: { notice: 'courseCreated' } });
        }}
      />
    </div>
  );
}
