import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { distinctLabels } from '../../../lib/labels';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminCourses } from '../../../ui/admin/api/get-admin-courses';
import { type AdminUser, useUsers } from '../../../ui/admin/api/get-users';
import { useLinkUser } from '../../../ui/admin/api/link-user';
import { RoleBadges } from '../../../ui/admin/role-badges';
import { Alert } from '../../../ui/alert';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';

/**
 * /admin/users/link-existing: pick existing users and a course, and link them to it. Opened from a
 * course (`?course=<path>`), that course is chosen already.
 */
export function LinkExistingUsersRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminLink.title'));
  const searchId = useId();
  const courseId = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const users = useUsers(term ? { search: term } : {});
  const courses = useAdminCourses();
  const link = useLinkUser();
  const [picked, setPicked] = useState<Map<string, AdminUser>>(new Map());
  const query = useSearch();
  const [course, setCourse] = useState(() => new URLSearchParams(query).get('course') ?? '');
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (user: AdminUser, on: boolean) => {
    setNotice(null);
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(user._id, user);
      else next.delete(user._id);
      return next;
    });
  };

  const submit = async () => {
    setNotice(null);
    setProblem(null);
    if (picked.size === 0 || !course) {
      setProblem(t('adminLink.pickBoth'));
      return;
    }
    setBusy(true);
    const name = courses.data?.find((item) => item.path === course)?.name ?? course;
    let done = 0;
    try {
      for (const user of picked.values()) {
        await link.mutateAsync({ _id: user._id, itemType: 'course', itemPath: course, linked: true });
        done += 1;
      }
      setNotice({ tone: 'success', text: t('adminLink.done', { count: done, name }) });
      setPicked(new Map());
    } catch (error) {
      const message = problemOf(error).message ?? t('form.unreachable');
      setNotice({
        tone: 'danger',
        text: done > 0 ? `${t('adminLink.partly', { count: done })} ${message}` : message,
      });
    } finally {
      setBusy(false);
    }
  };

  const userList = () => {
    if (users.isPending) return <Loading />;
    if (users.isError)
      return (
        <ErrorPanel
          message={t('adminUsers.loadError')}
          onRetry={() => void users.refetch()}
          error={users.error}
        />
      );
    if (users.data.length === 0)
      return <Empty>{term ? t('adminUsers.noMatch', { search: term }) : t('adminUsers.empty')}</Empty>;
    return (
      <ul className="pick-list">
        {users.data.map((user) => {
          const id = `pick-${user._id}`;
          return (
            <li key={user._id}>
              <input
                id={id}
                type="checkbox"
                checked={picked.has(user._id)}
                onChange={(event) => toggle(user, event.target.checked)}
              />
              <label htmlFor={id}>
                <span className="pick-list__name">{user.name || '–'}</span>
                <span className="pick-list__email">{user.email}</span>
              </label>
              <RoleBadges roles={user.roles} />
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href="/">← {t('nav.admin')}</Link>
      </p>
      <h1>{t('adminLink.title')}</h1>
      <p className="page-lead">{t('adminLink.lead')}</p>
      <form
        className="form form--wide"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        aria-busy={busy}
      >
        <fieldset className="form-section">
          <legend className="form-section__title">
            {t('adminLink.users')}
            {picked.size > 0 && (
              <span className="badge">{t('adminLink.picked', { count: picked.size })}</span>
            )}
          </legend>
          <search className="search-box">
            <label htmlFor={searchId}>{t('adminUsers.search')}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('adminUsers.searchPlaceholder')}
              autoComplete="off"
              // Enter searches (it already does as one types); it must not submit the linking form.
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
          </search>
          {userList()}
        </fieldset>
        <div className="form-section">
          <div className="field">
            <label htmlFor={courseId} className="field__label">
              {t('adminLink.course')}
            </label>
            {courses.isError ? (
              <ErrorPanel
                message={t('courses.loadError')}
                onRetry={() => void courses.refetch()}
                error={courses.error}
              />
            ) : (
              <select id={courseId} value={course} onChange={(event) => setCourse(event.target.value)}>
                <option value="">{t('adminUsers.chooseCourse')}</option>
                {(courses.data ?? []).map((item) => (
                  <option key={item.path} value={item.path}>
                    {distinctLabels(courses.data ?? []).get(item.path)}
                  </option>
                ))}
              </select>
            )}
          </div>
        </div>
        {problem && (
          <Alert tone="danger">
            <p>{problem}</p>
          </Alert>
        )}
        {notice && (
          <Alert tone={notice.tone}>
            <p>{notice.text}</p>
          </Alert>
        )}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy && <span className="spinner spinner--small" aria-hidden="true" />}
            {t('adminLink.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
