import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useNotice } from '../shared/content-form-helpers';
import { useTeachers } from '../shared/get-links';
import { useAddCourseOwner, useRemoveCourseOwner } from './course-mutations';
import { useCourseOwners } from './get-admin-course';

/**
 * The holders of the teacher role (spec section 6), each with whether they own the course and a
 * button to add or remove them as its owner (assign_owners).
 */
export function CourseTeachers({ coursePath, courseName }: { coursePath: string; courseName: string }) {
  const { t } = useTranslation();
  const teachers = useTeachers();
  const owners = useCourseOwners(coursePath);
  const add = useAddCourseOwner();
  const remove = useRemoveCourseOwner();
  const { setNotice, view: notice } = useNotice();
  const loading =
    teachers.isPending ||
    owners.isPending ||
    ((teachers.isError || owners.isError) && (teachers.isFetching || owners.isFetching));
  const ownerIds = new Set((owners.data ?? []).map((owner) => owner.userId));

  const toggle = async (teacher: { userId: string; name: string }, owned: boolean) => {
    setNotice(null);
    try {
      if (owned) await remove.mutateAsync({ path: coursePath, userId: teacher.userId });
      else await add.mutateAsync({ path: coursePath, userId: teacher.userId });
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
    if (teachers.data.length === 0) return <Empty>{t('courseAdmin.noTeachers')}</Empty>;
    return (
      <ul className="content-list">
        {teachers.data.map((teacher) => {
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
      {notice}
      {list()}
    </div>
  );
}
