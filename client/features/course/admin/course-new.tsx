import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { isNotFound } from '../../../lib/trpc';
import { useAdminCourse } from '../../../ui/admin/api/get-admin-course';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CourseForm, courseFormValues } from './course-form';
import { useCreateCourse, useTranslateCourse } from './course-mutations';

/**
 * /admin/courses/new-course: a new course; saving opens its edit page. With ?translate={path} the
 * form starts from that course with the language cleared, and saving makes a translation in the
 * original's group (course.translate: its sections are recreated in the new language, its modules
 * carried into it; the translation's screen says which).
 */
export function NewCourseRoute() {
  const { t } = useTranslation();
  const original = new URLSearchParams(useSearch()).get('translate');
  useDocumentTitle(original ? t('courseAdmin.translateTitle') : t('courseAdmin.newTitle'));
  const create = useCreateCourse();
  const translate = useTranslateCourse();
  const source = useAdminCourse(original);
  const [, navigate] = useLocation();

  const form = () => {
    if (!original) {
      return (
        <CourseForm
          defaultValues={courseFormValues()}
          submitLabel={t('courseAdmin.create')}
          onSubmit={async (course) => {
            const created = await create.mutateAsync({ course });
            navigate(`/courses/${created.path}`, { state: { notice: 'courseCreated' } });
          }}
        />
      );
    }
    if (source.isPending) return <Loading />;
    if (source.isError)
      return (
        <ErrorPanel
          message={isNotFound(source.error) ? t('courses.notFound') : t('courseAdmin.loadOneError')}
          onRetry={isNotFound(source.error) ? undefined : () => void source.refetch()}
          error={source.error}
        />
      );
    return (
      <>
        <p className="page-lead">
          {t('courseAdmin.translateLead', {
            name: source.data.name,
            language: t(`languages.${source.data.language}`),
          })}
        </p>
        <CourseForm
          defaultValues={{ ...courseFormValues(source.data), language: '' }}
          submitLabel={t('courseAdmin.translateSave')}
          onSubmit={async (course) => {
            const created = await translate.mutateAsync({ path: source.data.path, course });
            navigate(`/courses/${created.path}`, {
              state: { notice: 'courseTranslated', original: source.data.path, modules: created.modules },
            });
          }}
        />
      </>
    );
  };

  return (
    <div className="page-narrow" aria-busy={Boolean(original) && source.isPending}>
      <p className="back-link">
        <Link href={original ? `/courses/${original}` : '/courses'}>
          ← {original ? t('courseAdmin.backToOriginal') : t('courseAdmin.backToList')}
        </Link>
      </p>
      <h1>{original ? t('courseAdmin.translateTitle') : t('courseAdmin.newTitle')}</h1>
      {form()}
    </div>
  );
}
