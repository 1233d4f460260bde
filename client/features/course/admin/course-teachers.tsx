import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../../events/escalation';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { useCourseOwners } from '../../../ui/admin/api/get-admin-course';
import { useTeachers } from '../../../ui/admin/api/get-links';
import { useAdminModules } from '../../../ui/admin/api/modules';
import { useNotice } from '../../../ui/admin/content-form-helpers';
import { Alert } from '../../../ui/alert';
import { CheckboxField } from '../../../ui/form';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useAddCourseOwner, useRemoveCourseOwner } from './course-mutations';

/**
 * The holders of the teacher role, each with whether they own the course and a button to add or
 * remove them as its owner (assign_owners). What a course's owner may do is said before the list;
 * making them owner of the course's modules too is a separate choice, off unless ticked, because a
 * module's owner may change the module and teach every participant of it, in every course. After
 * adding, the modules included are listed (those the assigner may not assign owners on are left
 * out by the server). Nobody but an administrator names themself, so the list leaves the reader out.
 */
export function CourseTeachers({
  coursePath,
  courseName,
  viewer,
}: {
  coursePath: string;
  courseName: string;
  viewer: CurrentUser;
}) {
  const { t } = useTranslation();
  const teachers = useTeachers();
  const owners = useCourseOwners(coursePath);
  const modules = useAdminModules({ kind: 'course', path: coursePath });
  const add = useAddCourseOwner();
  const remove = useRemoveCourseOwner();
  const { setNotice, view: notice } = useNotice();
  const [withModules, setWithModules] = useState(false);
  const [included, setIncluded] = useState<{ name: string; modules: string[] } | null>(null);
  const loading =
    teachers.isPending ||
    owners.isPending ||
    ((teachers.isError || owners.isError) && (teachers.isFetching || owners.isFetching));
  const ownerIds = new Set((owners.data ?? []).map((owner) => owner.userId));
  const moduleName = (path: string) => modules.data?.find((module) => module.path === path)?.name ?? path;

  const toggle = async (teacher: { userId: string; name: string }, owned: boolean) => {
    setNotice(null);
    setIncluded(null);
    try {
      if (owned) await remove.mutateAsync({ path: coursePath, userId: teacher.userId });
      else {
        const added = await add.mutateAsync({
          path: coursePath,
          userId: teacher.userId,
          modules: withModules,
        });
        if (withModules) setIncluded({ name: teacher.name, modules: added.modules });
      }
      setNotice({
        tone: 'success',
        text: t(owned ? 'courseAdmin.ownerRemoved' : 'courseAdmin.ownerAdded', {
          name: teacher.name,
          course: courseName,
        }),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const list = () => {
    if (loading) return <Loading />;
    if (teachers.isError || owners.isError)
      return (
        <ErrorPanel
          message={t('courseAdmin.teachersLoadError')}
          onRetry={() => {
            void teachers.refetch();
            void owners.refetch();
          }}
          error={teachers.error ?? owners.error}
        />
      );
    const shown = teachers.data.filter((teacher) => teacher.userId !== viewer._id || isAdmin(viewer));
    if (shown.length === 0) return <Empty>{t('courseAdmin.noTeachers')}</Empty>;
    return (
      <ul className="content-list">
        {shown.map((teacher) => {
          const owned = ownerIds.has(teacher.userId);
          return (
            <li key={teacher.userId} className="content-list__item">
              <div className="content-list__main">
                <p className="content-list__name">{teacher.name}</p>
                <p className="muted">
                  {teacher.email}
                  {owned && <span className="badge">{t('courseAdmin.isOwner')}</span>}
                </p>
              </div>
              <div className="content-list__actions">
                <button
                  type="button"
                  className={owned ? 'button button--small button--danger-ghost' : 'button button--small'}
                  disabled={add.isPending || remove.isPending}
                  aria-label={`${owned ? t('courseAdmin.removeOwner') : t('courseAdmin.addOwner')}: ${teacher.name}`}
                  onClick={() => void toggle(teacher, owned)}
                >
                  {owned ? t('courseAdmin.removeOwner') : t('courseAdmin.addOwner')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div aria-busy={loading}>
      <p className="muted">{t('courseAdmin.teachersMay')}</p>
      <div className="form form--wide">
        <CheckboxField label={t('courseAdmin.alsoModules')} description={t('courseAdmin.alsoModulesHint')}>
          {(control) => (
            <input
              {...control}
              type="checkbox"
              checked={withModules}
              onChange={(event) => setWithModules(event.target.checked)}
            />
          )}
        </CheckboxField>
      </div>
      {notice}
      {included && (
        <Alert tone={included.modules.length > 0 ? 'success' : 'info'}>
          <p>
            {included.modules.length > 0
              ? t('courseAdmin.modulesIncluded', { name: included.name, count: included.modules.length })
              : t('courseAdmin.noModulesIncluded', { name: included.name })}
          </p>
          {included.modules.length > 0 && (
            <ul>
              {included.modules.map((path) => (
                <li key={path}>{moduleName(path)}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {list()}
    </div>
  );
}
