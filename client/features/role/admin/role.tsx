import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { actionsBeyond, isAdmin } from '../../../../events/escalation';
import { type Rules, roleActions } from '../../../../events/permissions';
import { copyNameFor, duplicateRoleSchema, roleInputSchema } from '../../../../events/role/commands';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import type { RouterOutputs } from '../../../lib/trpc';
import { useRoles } from '../../../ui/admin/api/get-roles';
import { EditBody, EditScreen } from '../../../ui/admin/edit-screen';
import { History } from '../../../ui/admin/history';
import { Alert } from '../../../ui/alert';
import { DangerZone } from '../../../ui/danger-zone';
import { Field, SubmitButton } from '../../../ui/form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useDeleteRole } from './delete-role';
import { useDuplicateRole } from './duplicate-role';
import { useRole } from './get-role';
import { useRoleHistory } from './get-role-history';
import { RoleActionsFields } from './role-actions-fields';
import { useUpdateRole } from './update-role';

type Role = RouterOutputs['role']['byName'];

/**
 * /admin/roles/{roleName}: the role's actions to change, its history, duplicate and delete. A role
 * editor who is not an administrator changes no role they hold and gives no action they lack (the
 * server's rule, shown here as locked boxes and a read-only role).
 */
export function RoleRoute({ name, viewer }: { name: string; viewer: CurrentUser }) {
  return name.toLowerCase() === 'admin' ? (
    <AdminRole viewer={viewer} />
  ) : (
    <EditableRole name={name} viewer={viewer} />
  );
}

const allActions = Object.fromEntries(roleActions.map((action) => [action, true])) as Rules;

/** Whether the viewer holds this role (names compare whatever their case), administrators aside. */
const holdsRole = (viewer: CurrentUser, name: string) =>
  !isAdmin(viewer) && viewer.roles.some((held) => held.toLowerCase() === name.toLowerCase());

/** The built-in admin role holds every action and cannot change; it can be copied. */
function AdminRole({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle('admin');
  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href="/roles">← {t('adminRoles.backToList')}</Link>
      </p>
      <h1>admin</h1>
      <p className="page-lead">{t('adminRoles.adminBuiltIn')}</p>
      <DuplicateRole name="admin" actions={allActions} viewer={viewer} />
    </div>
  );
}

function EditableRole({ name, viewer }: { name: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const role = useRole(name);
  const arrival = window.history.state as { origin?: unknown } | null;
  return (
    <EditScreen
      query={role}
      name={(item) => item.name}
      texts={{
        title: t('adminRoles.title'),
        notFound: t('adminRoles.notFound'),
        loadError: t('adminRoles.loadOneError'),
        listHref: '/roles',
        listLabel: t('adminRoles.backToList'),
      }}
      arrivals={{
        roleCreated: t('adminRoles.createdNotice'),
        roleDuplicated: t('adminRoles.duplicatedNotice', { origin: String(arrival?.origin ?? '') }),
      }}
    >
      {(item) => {
        const held = holdsRole(viewer, item.name);
        return (
          <EditBody
            actions={[]}
            main={
              <>
                {held && <p className="muted">{t('role.heldByYou')}</p>}
                <RoleForm key={item._id} role={item} viewer={viewer} readOnly={held} />
                <DuplicateRole name={item.name} actions={item.actions} viewer={viewer} />
              </>
            }
            historyId="history-title"
            history={<RoleHistory name={item.name} viewer={viewer} />}
            danger={!held && <DeleteRole name={item.name} />}
          />
        );
      }}
    </EditScreen>
  );
}

function RoleHistory({ name, viewer }: { name: string; viewer: CurrentUser }) {
  return <History query={useRoleHistory(name)} viewer={viewer} />;
}

/**
 * A copy of the role with the same actions, under a name the admin sees before creating it: the
 * first free `<name>-copy`, `<name>-copy-2`, ... prefilled, and changeable. Not destructive, so no
 * confirmation; the copy's page opens. Not offered to who lacks one of the role's actions (a copy
 * would give them away); they read why.
 */
function DuplicateRole({
  name,
  actions,
  viewer,
}: {
  name: string;
  actions: Partial<Rules>;
  viewer: CurrentUser;
}) {
  const { t } = useTranslation();
  const roles = useRoles();
  if (actionsBeyond(viewer, actions).length > 0)
    return (
      <section className="panel" aria-labelledby="duplicate-role-title">
        <h2 id="duplicate-role-title">{t('adminRoles.duplicateTitle')}</h2>
        <p className="muted">{t('role.actionsBeyondYours')}</p>
      </section>
    );
  if (roles.isPending) return null;
  const taken = [name, ...(roles.data ?? []).map((role) => role.name)];
  return <DuplicateRoleForm key={taken.join('\n')} name={name} suggestion={copyNameFor(name, taken)} />;
}

function DuplicateRoleForm({ name, suggestion }: { name: string; suggestion: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const duplicate = useDuplicateRole();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(duplicateRoleSchema, undefined, { raw: true }),
    defaultValues: { name, copyName: suggestion },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const copy = await duplicate.mutateAsync(values);
      navigate(`/roles/${encodeURIComponent(copy.name)}`, {
        state: { notice: 'roleDuplicated', origin: name },
      });
    } catch (error) {
      const problem = problemOf(error);
      if (showFieldProblems(form.setError, problem.fields, ['copyName']) === 0) {
        setAlert(problem.message ?? t('form.unreachable'));
      }
    }
  });

  return (
    <section className="panel" aria-labelledby="duplicate-role-title">
      <h2 id="duplicate-role-title">{t('adminRoles.duplicateTitle')}</h2>
      <p className="muted">{t('adminRoles.duplicateText')}</p>
      <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <Field label={t('adminRoles.copyName')} error={errors.copyName}>
          {(control) => <input {...control} {...form.register('copyName')} type="text" autoComplete="off" />}
        </Field>
        {alert && (
          <Alert tone="danger">
            <p>{alert}</p>
          </Alert>
        )}
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{t('adminRoles.duplicate')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}

function RoleForm({ role, viewer, readOnly }: { role: Role; viewer: CurrentUser; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateRole();
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(roleInputSchema, undefined, { raw: true }),
    defaultValues: { name: role.name, actions: role.actions },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      // A role keeps its name: only the actions change.
      await update.mutateAsync({ name: role.name, doc: { name: role.name, actions: values.actions } });
      form.reset(values);
      setNotice({ tone: 'success', text: t('adminRoles.saved') });
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    }
  });

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <p className="muted">{t('adminRoles.keepsName')}</p>
      <RoleActionsFields
        register={form.register}
        disabled={readOnly}
        locked={actionsBeyond(viewer, allActions, role.actions)}
      />
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
      {!readOnly && (
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{t('adminRoles.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}

function DeleteRole({ name }: { name: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const remove = useDeleteRole();
  return (
    <DangerZone
      id="delete-role-title"
      title={t('adminRoles.deleteTitle')}
      text={t('adminRoles.deleteText')}
      buttonLabel={t('adminRoles.delete')}
      confirmMessage={t('adminRoles.deleteConfirm')}
      confirmLabel={t('adminRoles.delete')}
      removal={remove}
      run={() => remove.mutateAsync(name)}
      onDone={() => navigate('/roles', { replace: true })}
    />
  );
}
