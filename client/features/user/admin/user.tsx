import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isAdmin } from '../../../../events/escalation';
import { formatDate, formatDateTime } from '../../../../events/shared/dates';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf } from '../../../lib/forms';
import { distinctLabels } from '../../../lib/labels';
import { useAdminCourses } from '../../../ui/admin/api/get-admin-courses';
import { useLinkUser } from '../../../ui/admin/api/link-user';
import { useNotice } from '../../../ui/admin/content-form-helpers';
import { EditBody, EditScreen } from '../../../ui/admin/edit-screen';
import { History } from '../../../ui/admin/history';
import { RoleBadges } from '../../../ui/admin/role-badges';
import { RoleChoice, useRoleChoice } from '../../../ui/admin/role-choice';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DangerZone } from '../../../ui/danger-zone';
import { ErrorPanel } from '../../../ui/status';
import { ProfileForm } from '../components/profile-form';
import { useDeleteUser } from './delete-user';
import { type ExportFormat, useExportUserData } from './export-user-data';
import { type AdminUserDetail, useUser } from './get-user';
import { useUserHistory } from './get-user-history';
import { useResendInvite } from './resend-invite';
import { SecondFactorPanel } from './second-factor-panel';
import { useSetUserRoles } from './set-user-roles';
import { useUpdateUser } from './update-user';

/**
 * /admin/users/{userId}: who this is, their roles, their courses, their history; delete. Only an
 * administrator changes, exports or deletes an administrator's account: anyone else reads it.
 */
export function UserRoute({ userId, viewer }: { userId: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <EditScreen
      query={useUser(userId)}
      name={(user) => user.name || '–'}
      texts={{
        title: t('adminUsers.title'),
        notFound: t('adminUsers.notFound'),
        loadError: t('adminUsers.loadOneError'),
        listHref: '/users',
        listLabel: t('adminUsers.backToList'),
      }}
      badges={(user) => <RoleBadges roles={user.roles} />}
      arrivals={{ userCreated: t('adminUsers.createdNotice') }}
      className="user-detail"
    >
      {(user) => {
        const adminOnly = user.roles.includes('admin') && !isAdmin(viewer);
        return (
          <EditBody
            actions={[]}
            before={adminOnly && <p className="muted">{t('user.adminOnly')}</p>}
            main={
              <>
                <Details user={user} />
                {!adminOnly && <EditUser key={user._id} user={user} />}
                <Roles user={user} viewer={viewer} readOnly={adminOnly} />
                <Courses user={user} />
                {!adminOnly && <PersonalData user={user} />}
                {!adminOnly && viewer.rules.manage_users && user._id !== viewer._id && (
                  <SecondFactorPanel user={user} />
                )}
              </>
            }
            historyId="history-title"
            history={<UserHistory userId={user._id} viewer={viewer} />}
            danger={!adminOnly && <DeleteUser user={user} viewer={viewer} />}
          />
        );
      }}
    </EditScreen>
  );
}

function UserHistory({ userId, viewer }: { userId: string; viewer: CurrentUser }) {
  return <History query={useUserHistory(userId)} viewer={viewer} />;
}

function Details({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const resend = useResendInvite();
  const rows: [string, string | null][] = [
    [t('form.email'), user.email],
    [t('form.phone'), user.phone],
    [t('form.profession'), user.profession],
    [t('form.riziv'), user.riziv],
    [t('profile.language'), t(`languages.${user.language}`)],
    [t('adminUsers.created'), formatDate(user.createdAt)],
  ];
  return (
    <section className="panel" aria-labelledby="details-title">
      <h2 id="details-title">{t('adminUsers.details')}</h2>
      <dl className="details">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div>
          <dt>{t('adminUsers.status')}</dt>
          <dd>
            {user.verified ? t('adminUsers.verified') : t('adminUsers.notVerified')}
            {user.fullPrivacy && <span className="badge badge--muted">{t('adminUsers.private')}</span>}
          </dd>
        </div>
      </dl>
      {!user.verified && (
        <div className="panel__footer">
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => resend.mutate(user._id)}
            disabled={resend.isPending}
          >
            {t('adminUsers.resendInvite')}
          </button>
          {resend.isSuccess && (
            <Alert tone="success">
              <p>{t('adminUsers.inviteSent')}</p>
            </Alert>
          )}
          {resend.isError && (
            <Alert tone="danger">
              <p>{problemOf(resend.error).message ?? t('form.unreachable')}</p>
            </Alert>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Correcting what a person said about themselves (manage_users): the profile form, every field of
 * a profile, checked as the person's own form checks it. Folded until asked for.
 */
function EditUser({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <section className="panel" aria-labelledby="edit-user-title">
      <div className="panel__header">
        <h2 id="edit-user-title">{t('adminUsers.editTitle')}</h2>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('adminUsers.editClose') : t('adminUsers.editOpen')}
        </button>
      </div>
      {open && (
        <div id={formId}>
          <ProfileForm
            user={user}
            allFields
            savedText={t('adminUsers.editSaved')}
            save={(doc) => update.mutateAsync({ _id: user._id, doc })}
          />
        </div>
      )}
    </section>
  );
}

function Roles({
  user,
  viewer,
  readOnly,
}: {
  user: AdminUserDetail;
  viewer: CurrentUser;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  // A role the person holds is never locked: it can be kept or taken away.
  const roleChoice = useRoleChoice(viewer, user.roles);
  const setRoles = useSetUserRoles();
  const [chosen, setChosen] = useState<string[]>(user.roles);
  const { setNotice, view: notice } = useNotice();
  const changed = [...chosen].sort().join('\n') !== [...user.roles].sort().join('\n');

  const save = async () => {
    setNotice(null);
    try {
      await setRoles.mutateAsync({ _id: user._id, roles: chosen });
      setNotice({ tone: 'success', text: t('adminUsers.rolesSaved') });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  return (
    <section className="panel" aria-labelledby="roles-title">
      <h2 id="roles-title">{t('adminUsers.rolesTitle')}</h2>
      {roleChoice.ready ? (
        <form
          className="form form--wide"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <RoleChoice
            {...roleChoice.props}
            value={chosen}
            onChange={(next) => {
              setChosen(next);
              setNotice(null);
            }}
            disabled={setRoles.isPending || readOnly}
          />
          {notice}
          {!readOnly && (
            <div className="form__actions">
              <button type="submit" className="button" disabled={setRoles.isPending || !changed}>
                {setRoles.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
                {t('adminUsers.saveRoles')}
              </button>
            </div>
          )}
        </form>
      ) : (
        roleChoice.view
      )}
    </section>
  );
}

function Courses({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const selectId = useId();
  const courses = useAdminCourses();
  const link = useLinkUser();
  const [choice, setChoice] = useState('');
  const { setNotice, view: notice } = useNotice();
  const nameOf = (path: string) => courses.data?.find((course) => course.path === path)?.name ?? path;
  const available = (courses.data ?? []).filter((course) => !user.courses.includes(course.path));

  const change = async (itemType: 'course' | 'module', itemPath: string, linked: boolean) => {
    setNotice(null);
    try {
      await link.mutateAsync({ _id: user._id, itemType, itemPath, linked });
      const name = itemType === 'course' ? nameOf(itemPath) : itemPath;
      setNotice({
        tone: 'success',
        text: linked ? t('adminUsers.linked', { name }) : t('adminUsers.unlinked', { name }),
      });
      if (linked) setChoice('');
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  };

  return (
    <section className="panel" aria-labelledby="courses-title">
      <h2 id="courses-title">{t('adminUsers.coursesTitle')}</h2>
      {user.courses.length === 0 ? (
        <p className="muted">{t('adminUsers.noCourses')}</p>
      ) : (
        <ul className="link-list">
          {user.courses.map((path) => (
            <li key={path}>
              <span>{nameOf(path)}</span>
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => void change('course', path, false)}
                disabled={link.isPending}
                aria-label={t('adminUsers.unlinkNamed', { name: nameOf(path) })}
              >
                {t('adminUsers.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {user.modules.length > 0 && (
        <>
          <h3>{t('adminUsers.modulesTitle')}</h3>
          <ul className="link-list">
            {user.modules.map((path) => (
              <li key={path}>
                <span>{path}</span>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => void change('module', path, false)}
                  disabled={link.isPending}
                  aria-label={t('adminUsers.unlinkNamed', { name: path })}
                >
                  {t('adminUsers.unlink')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {courses.isError ? (
        <ErrorPanel
          message={t('courses.loadError')}
          onRetry={() => void courses.refetch()}
          error={courses.error}
        />
      ) : (
        available.length > 0 && (
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (choice) void change('course', choice, true);
            }}
          >
            <label htmlFor={selectId}>{t('adminUsers.linkCourse')}</label>
            <div className="inline-form__controls">
              <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value="">{t('adminUsers.chooseCourse')}</option>
                {available.map((course) => (
                  <option key={course.path} value={course.path}>
                    {distinctLabels(available).get(course.path)}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button--small" disabled={!choice || link.isPending}>
                {t('adminUsers.link')}
              </button>
            </div>
          </form>
        )
      )}
      {notice}
    </section>
  );
}

/**
 * A subject access request (GDPR articles 15 and 20): the person's export as JSON or as a readable
 * page in their language, after a confirmation that it is recorded in their history.
 */
function PersonalData({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const exporting = useExportUserData();
  const [asking, setAsking] = useState<ExportFormat | null>(null);
  const answer = exporting.data;
  return (
    <section className="panel" aria-labelledby="personal-data-title">
      <h2 id="personal-data-title">{t('dataExport.admin.title')}</h2>
      <p>{t('dataExport.admin.text')}</p>
      <div className="form__actions">
        {(['json', 'html'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button button--small button--ghost"
            disabled={exporting.isPending}
            onClick={() => {
              exporting.reset();
              setAsking(format);
            }}
          >
            {t(`dataExport.admin.${format}`)}
          </button>
        ))}
      </div>
      {answer && !answer.erased && (
        <Alert tone="success">
          <p>{t('dataExport.admin.done')}</p>
        </Alert>
      )}
      {answer?.erased && (
        <Alert tone="info">
          <p>{t('dataExport.admin.erased', { date: formatDateTime(answer.erasedAt) })}</p>
        </Alert>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('dataExport.admin.title')}
        message={<p>{t('dataExport.admin.confirm')}</p>}
        confirmLabel={t('dataExport.admin.confirmButton')}
        busy={exporting.isPending}
        error={exporting.isError ? (problemOf(exporting.error).message ?? t('dataExport.error')) : null}
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          if (!asking) return;
          try {
            await exporting.mutateAsync({ userId: user._id, format: asking });
          } catch {
            return; // the dialog shows why
          }
          setAsking(null);
        }}
      />
    </section>
  );
}

function DeleteUser({ user, viewer }: { user: AdminUserDetail; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const remove = useDeleteUser();
  // One's own account is deleted from the profile page, which also signs out.
  if (user._id === viewer._id) return null;
  return (
    <DangerZone
      id="delete-user-title"
      title={t('adminUsers.deleteTitle')}
      text={t('adminUsers.deleteText')}
      buttonLabel={t('adminUsers.delete')}
      confirmMessage={t('adminUsers.deleteConfirm')}
      confirmLabel={t('adminUsers.delete')}
      removal={remove}
      run={() => remove.mutateAsync(user._id)}
      onDone={() => navigate('/users', { replace: true })}
    />
  );
}
