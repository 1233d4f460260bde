import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useUsers } from '../../../ui/admin/api/get-users';
import { ListQuery, listLoading } from '../../../ui/list-query';

/**
 * /admin/courses/{coursePath}/users (assign_participants): who is linked to the course, and the
 * way to link more (the users' link-existing screen).
 */
export function CourseUsersView({ coursePath }: { coursePath: string }) {
  const { t } = useTranslation();
  const users = useUsers({ course: coursePath });
  const loading = listLoading(users);
  const list = () => (
    <ListQuery query={users} loadError={t('courseAdmin.usersLoadError')} empty={t('courseAdmin.noUsers')}>
      {(items) => (
        <ul className="pick-list">
          {items.map((user) => (
            <li key={user._id}>
              <span className="pick-list__name">{user.name}</span>{' '}
              <span className="pick-list__email">{user.email}</span>
            </li>
          ))}
        </ul>
      )}
    </ListQuery>
  );
  return (
    <section aria-labelledby="course-users-title" aria-busy={loading}>
      <div className="page-header">
        <h2 id="course-users-title">{t('courseAdmin.view.users')}</h2>
        <div className="page-header__actions">
          <Link
            href={`/users/link-existing?course=${encodeURIComponent(coursePath)}`}
            className="button button--small"
          >
            {t('courseAdmin.linkUsers')}
          </Link>
        </div>
      </div>
      {list()}
    </section>
  );
}
