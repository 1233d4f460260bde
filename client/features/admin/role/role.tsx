import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { copyNameFor, duplicateRoleSchema, roleInputSchema } from '../../../../events/role/commands';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { errorCode, type RouterOutputs } from '../../../lib/trpc';
import { Alert } from '../../../ui/alert';
import { DangerZone } from '../../../ui/danger-zone';
import { Field, SubmitButton } from '../../../ui/form';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { History } from '../shared/history';
import { useDeleteRole } from './delete-role';
import { useDuplicateRole } from './duplicate-role';
import { useRole } from './get-role';
import { useRoleHistory } from './get-role-history';
import { useRoles } from './get-roles';
import { RoleActionsFields } from './role-actions-fields';
import { useUpdateRole } from './update-role';

type Role = RouterOutputs['role']['byName'];

/** /admin/roles/{roleName}: the role's actions to change, its history, duplicate and delete. */
export function RoleRoute({ name, viewer }: { name: string; viewer: CurrentUser }) {
  const { t } = useTranslation();
  const builtIn = name.toLowerCase() === 'admin';
  const role = useRole(name);
  const code = role.isError ? errorCode(role.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(
    builtIn ? 'admin' : (role.data?.name ?? (missing ? t('adminRoles.notFound') : t('adminRoles.title'))),
  );

  if (builtIn) {
    return (
      <div className="page-narrow">
        <p className="back-link">
          <Link href="/roles">← {t('adminRoles.backToList')}</Link>
        </p>
        <h1>admin</h1>
        <p className="page-lead">{t('adminRoles.adminBuiltIn')}</p>
        <DuplicateRole name="admin" />
      </div>
    );
  }
  if (role.isPending || (role.isError && role.isFetching)) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (role.isError) {
    return missing ? (
      <div className="status status--not-found">
        <h1>{t('adminRoles.notFound')}</h1>
        <p>
          <Link href="/roles">{t('adminRoles.backToList')}</Link>
        </p>
      </div>
    ) : (
      <ErrorPanel
        message={t('adminRoles.loadOneError')}
        onRetry={() => void role.refetch()}
        error={role.error}
      />
    );
  }

  return (
    <article>
      <p className="back-link">
        <Link href="/roles">← {t('adminRoles.backToList')}</Link>
      </p>
      <h1>{role.data.name}</h1>
      <CreatedNotice />
      <div className="admin-columns">
        <div className="admin-columns__main">
          <RoleForm key={role.data._id} role={role.data} />
          <DuplicateRole name={role.data.name} />
        </div>
        <aside className="admin-columns__side" aria-labelledby="history-title">
          <h2 id="history-title">{t('history.title')}</h2>
          <RoleHistory name={role.data.name} viewer={viewer} />
        </aside>
      </div>
      <DeleteRole name={role.data.name} />
    </article>
  );
}

function CreatedNotice() {
  const { t } = useTranslation();
  const [state] = useState(() => window.history.state as { notice?: unknown; origin?: unknown } | null);
  if (state?.notice === 'roleDuplicated' && typeof state.origin === 'string') {
    return (
      <Alert tone="success">
        <p>{t('adminRoles.duplicatedNotice', { origin: state.origin })}</p>
      </Alert>
    );
  }
  if (state?.notice !== 'roleCreated') return null;
  return (
    <Alert tone="success">
      <p>{t('adminRoles.createdNotice')}</p>
    </Alert>
  );
}

/**
 * A copy of the role with the same actions, under a name the admin sees before creating it: the
 * first free `<name>-copy`, `<name>-copy-2`, ... prefilled, and changeable. Not destructive, so no
 * confirmation; the copy's page opens.
 */
function DuplicateRole({ name }: { name: string }) {
  const roles = useRoles();
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

function RoleForm({ role }: { role: Role }) {
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
      <RoleActionsFields register={form.register} />
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
      <div className="form__actions">
        <SubmitButton busy={isSubmitting}>{t('adminRoles.save')}</SubmitButton>
      </div>
    </form>
  );
}

function RoleHistory({ name, viewer }: { name: string; viewer: CurrentUser }) {
  const history = useRoleHistory(name);
  return (
    <History
      entries={history.data}
      isPending={history.isPending}
      isError={history.isError}
      onRetry={() => void history.refetch()}
      viewer={viewer}
    />
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
