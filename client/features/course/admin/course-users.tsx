import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { useUsers } from '../../../ui/admin/api/get-users';
import { useSetGroup } from '../../../ui/admin/api/set-group';
import { Alert } from '../../../ui/alert';
import { ListQuery, listLoading } from '../../../ui/list-query';

/**
 * /admin/courses/{coursePath}/users (assign_participants): who is linked to the course, with their
 * group within it; select people to set their group; the way to link more (the users' link-existing
 * screen, with this course chosen).
 */
export function CourseUsersView({ coursePath }: { coursePath: string }) {
  const { t } = useTranslation();
  const groupId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const everyone = useUsers({ course: coursePath });
  const users = useUsers(filter ? { course: coursePath, group: filter } : { course: coursePath });
  const setGroup = useSetGroup();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [group, setGroupText] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const loading = listLoading(users);
  const groups = [
    ...new Set(
      (everyone.data ?? []).flatMap((user) => (user.groups[coursePath] ? [user.groups[coursePath]] : [])),
    ),
  ].sort();

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = async () => {
    setNotice(null);
    try {
      await setGroup.mutateAsync({ userIds: [...selected], coursePath, group });
      setNotice({
        tone: 'success',
        text: t('participantGroup.done', { count: selected.size, name: coursePath }),
      });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  const list = () => (
    <ListQuery query={users} loadError={t('courseAdmin.usersLoadError')} empty={t('courseAdmin.noUsers')}>
      {(items) => (
        <ul className="pick-list">
          {items.map((user) => (
            <li key={user._id}>
              <input
                id={`${groupId}-${user._id}`}
                type="checkbox"
                checked={selected.has(user._id)}
                onChange={(event) => toggle(user._id, event.target.checked)}
              />
              <label htmlFor={`${groupId}-${user._id}`}>
                <span className="pick-list__name">{user.name}</span>{' '}
                <span className="pick-list__email">{user.email}</span>
              </label>
              {user.groups[coursePath] && (
                <span className="badge" title={t('participantGroup.label')}>
                  {user.groups[coursePath]}
                </span>
              )}
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
      {groups.length > 0 && (
        <div className="form form--wide">
          <div className="field">
            <label htmlFor={filterId} className="field__label">
              {t('participantGroup.label')}
            </label>
            <select id={filterId} value={filter} onChange={(event) => setFilter(event.target.value)}>
              <option value="">{t('participantGroup.all')}</option>
              {groups.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {list()}
      {selected.size > 0 && (
        <form
          className="form form--wide"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="field">
            <label htmlFor={groupId} className="field__label">
              {t('participantGroup.label')} ({t('bulkLink.selected', { count: selected.size })})
            </label>
            <input
              id={groupId}
              type="text"
              maxLength={60}
              value={group}
              onChange={(event) => setGroupText(event.target.value)}
              aria-describedby={`${groupId}-hint`}
            />
            <p id={`${groupId}-hint`} className="field__hint">
              {t('participantGroup.hint')}
            </p>
          </div>
          <div className="form__actions">
            <button type="submit" className="button button--small" disabled={setGroup.isPending}>
              {t('participantGroup.set')}
            </button>
          </div>
        </form>
      )}
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
    </section>
  );
}
