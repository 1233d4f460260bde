import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useNotice } from '../shared/content-form-helpers';
import { contentRights } from '../shared/content-rights';
import { useDeleteCourse, useDuplicateCourse, useSetCoursePublished } from './course-mutations';
import { type AdminCourse, useAdminCourses } from './get-admin-courses';

/**
 * /admin/courses: every course the user may manage, with its language and state, and the actions
 * the user's rules allow on each.
 */
export function CoursesRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('courseAdmin.title'));
  const courses = useAdminCourses();
  const { setNotice, view: notice } = useNotice();
  const publish = useSetCoursePublished();
  const remove = useDeleteCourse();
  const duplicate = useDuplicateCourse();
  const [deleting, setDeleting] = useState<AdminCourse | null>(null);
  const loading = courses.isPending || (courses.isError && courses.isFetching);
  // Without the view right the admin list holds only the user's own courses (the server's rule).
  const ownsListed = !hasRule(user, 'view');

  const togglePublished = async (course: AdminCourse) => {
    setNotice(null);
    try {
      await publish.mutateAsync({ path: course.path, published: !course.published });
      setNotice({
        tone: 'success',
        text: t(course.published ? 'courseAdmin.unpublished' : 'courseAdmin.published', {
          name: course.name,
        }),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const makeCopy = async (course: AdminCourse) => {
    setNotice(null);
    try {
      await duplicate.mutateAsync(course.path);
      setNotice({ tone: 'success', text: t('courseAdmin.duplicated', { name: course.name }) });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const list = () => {
    if (loading) return <Loading />;
    if (courses.isError)
      return (
        <ErrorPanel
          message={t('courseAdmin.loadError')}
          onRetry={() => void courses.refetch()}
          error={courses.error}
        />
      );
    if (courses.data.length === 0) return <Empty>{t('courseAdmin.empty')}</Empty>;
    return (
      <ul className="content-list">
        {courses.data.map((course) => {
          const rights = contentRights(user, ownsListed);
          return (
            <li key={course.path} className="content-list__item">
              <div className="content-list__main">
                <h2 className="content-list__name">
                  <Link href={`/courses/${course.path}`}>{course.name}</Link>
                </h2>
                <p className="badges">
                  <span className="badge" title={t('courseAdmin.language')}>
                    {t(`languages.${course.language}`)}
                  </span>
                  <span className={course.published ? 'badge' : 'badge badge--warning'}>
                    {course.published ? t('courseAdmin.statePublished') : t('courseAdmin.stateUnpublished')}
                  </span>
                  {!course.public && (
                    <span className="badge badge--muted">{t('courseAdmin.statePrivate')}</span>
                  )}
                </p>
              </div>
              <div className="content-list__actions">
                {rights.edit && (
                  <Link
                    href={`/courses/${course.path}`}
                    className="button button--small button--ghost"
                    aria-label={`${t('courseAdmin.edit')}: ${course.name}`}
                  >
                    {t('courseAdmin.edit')}
                  </Link>
                )}
                {rights.edit && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={publish.isPending}
                    onClick={() => void togglePublished(course)}
                    aria-label={`${course.published ? t('courseAdmin.unpublish') : t('courseAdmin.publish')}: ${course.name}`}
                  >
                    {course.published ? t('courseAdmin.unpublish') : t('courseAdmin.publish')}
                  </button>
                )}
                {rights.create && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={duplicate.isPending}
                    aria-label={`${t('courseAdmin.duplicate')}: ${course.name}`}
                    onClick={() => void makeCopy(course)}
                  >
                    {t('courseAdmin.duplicate')}
                  </button>
                )}
                {rights.delete && (
                  <button
                    type="button"
                    className="button button--small button--danger-ghost"
                    onClick={() => {
                      remove.reset();
                      setDeleting(course);
                    }}
                    aria-label={`${t('courseAdmin.delete')}: ${course.name}`}
                  >
                    {t('courseAdmin.delete')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <>
      <div className="page-header">
        <h1>{t('courseAdmin.title')}</h1>
        {hasRule(user, 'create') && (
          <div className="page-header__actions">
            <Link href="/courses/new-course" className="button button--small">
              {t('courseAdmin.new')}
            </Link>
          </div>
        )}
      </div>
      {notice}
      <section aria-busy={loading} aria-label={t('courseAdmin.title')}>
        {list()}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={t('courseAdmin.deleteTitle')}
        message={<p>{t('courseAdmin.deleteConfirm', { name: deleting?.name ?? '' })}</p>}
        confirmLabel={t('courseAdmin.delete')}
        busy={remove.isPending}
        error={remove.isError ? (problemOf(remove.error).message ?? t('form.unreachable')) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.path);
          } catch {
            return;
          }
          setNotice({ tone: 'success', text: t('courseAdmin.deleted', { name: deleting.name }) });
          setDeleting(null);
        }}
      />
    </>
  );
}
