import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { type AdminCourse, useAdminCourses } from '../../../ui/admin/api/get-admin-courses';
import { contentRights } from '../../../ui/admin/content-rights';
import { useItemActions } from '../../../ui/admin/edit-screen';
import { DeleteDialog, RowActions } from '../../../ui/admin/row-actions';
import { ListQuery, listLoading } from '../../../ui/list-query';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { carriedModulesTexts } from './carried-modules';
import { useDeleteCourse, useDuplicateCourse, useSetCoursePublished } from './course-mutations';
import { DuplicateCourseDialog } from './duplicate-course-dialog';

/**
 * /admin/courses: every course the user may manage, with its language and state, and the actions
 * the user's rules allow on each.
 */
export function CoursesRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('courseAdmin.title'));
  const courses = useAdminCourses();
  const { act, say, notice } = useItemActions();
  const publish = useSetCoursePublished();
  const remove = useDeleteCourse();
  const duplicate = useDuplicateCourse();
  const [deleting, setDeleting] = useState<AdminCourse | null>(null);
  const [duplicating, setDuplicating] = useState<AdminCourse | null>(null);
  const loading = listLoading(courses);
  // Without the view right the admin list holds only the user's own courses (the server's rule).
  const ownsListed = !hasRule(user, 'view');

  const list = () => (
    <ListQuery query={courses} loadError={t('courseAdmin.loadError')} empty={t('courseAdmin.empty')}>
      {(items) => (
        <ul className="content-list">
          {items.map((course) => {
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
                <RowActions
                  item={course}
                  className="content-list__actions"
                  texts={{
                    edit: t('courseAdmin.edit'),
                    duplicate: t('courseAdmin.duplicate'),
                    delete: t('courseAdmin.delete'),
                  }}
                  editHref={rights.edit ? `/courses/${course.path}` : undefined}
                  onPublish={
                    rights.edit
                      ? () =>
                          void act(async () => {
                            await publish.mutateAsync({ path: course.path, published: !course.published });
                            return t(course.published ? 'courseAdmin.unpublished' : 'courseAdmin.published', {
                              name: course.name,
                            });
                          })
                      : undefined
                  }
                  onDuplicate={
                    rights.create
                      ? () => {
                          duplicate.reset();
                          setDuplicating(course);
                        }
                      : undefined
                  }
                  onDelete={
                    rights.delete
                      ? () => {
                          remove.reset();
                          setDeleting(course);
                        }
                      : undefined
                  }
                  pending={{ publish: publish.isPending, duplicate: duplicate.isPending }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </ListQuery>
  );

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
      <DuplicateCourseDialog
        open={duplicating !== null}
        name={duplicating?.name ?? ''}
        busy={duplicate.isPending}
        error={duplicate.isError ? (problemOf(duplicate.error).message ?? t('form.unreachable')) : null}
        onCancel={() => setDuplicating(null)}
        onConfirm={async (modules) => {
          if (!duplicating) return;
          const copy = await duplicate.mutateAsync({ path: duplicating.path, modules }).catch(() => null);
          if (!copy) return;
          setDuplicating(null);
          say(
            [
              t('courseAdmin.duplicated', { name: duplicating.name }),
              ...carriedModulesTexts(t, copy.modules, 'copy'),
            ].join(' '),
          );
        }}
      />
      <DeleteDialog
        item={deleting}
        removal={remove}
        texts={{
          title: t('courseAdmin.deleteTitle'),
          confirm: t('courseAdmin.deleteConfirm', { name: deleting?.name ?? '' }),
          button: t('courseAdmin.delete'),
        }}
        onClose={() => setDeleting(null)}
        onDeleted={(course) => say(t('courseAdmin.deleted', { name: course.name }))}
      />
    </>
  );
}
