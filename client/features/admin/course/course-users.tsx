import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useUsers } from '../user/get-users';

/**
 * /admin/courses/{coursePath}/users (assign_participants): who is linked to the course, and the
 * way to link more (the users' link-existing screen).
 */
export function CourseUsersView({ coursePath }: { coursePath: string }) {
  const { t } = useTranslation();
  const users = useUsers({ course: coursePath });
  const loading = users.isPending || (users.isError && users.isFetching);
  const list = () => {
    if (loading) return <Loading />;
    if (users.isError)
      return (
        <ErrorPanel
          message={t('courseAdmin.usersLoadError')}
          onRetry={() => void users.refetch()}
          error={users.error}
        />
      );
    if (users.data.length === 0) return <Empty>{t('courseAdmin.noUsers')}</Empty>;
    return (
      <ul className="pick-list">
        {users.data.map((user) => (
          <li key={user._id}>
            <span className="pick-list__name">{user.name}</span>{' '}
            <span className="pick-list__email">{user.email}</span>
          </li>
        ))}
      </ul>
    );
  };
  return (
    <section aria-labelledby="course-users-title" aria-busy={loading}>
      <div className="page-header">
        <h2 id="course-users-title">{t('courseAdmin.view.users')}</h2>
        <div className="page-header__actions">
          <Link href="/users/link-existing" className="button button--small">
            {t('courseAdmin.linkUsers')}
          </Link>
        </div>
      </div>
      {list()}
    </section>
  );
}
