import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { actionsBeyond } from '../../../../events/escalation';
import { type Rules, roleActions } from '../../../../events/permissions';
import { roleInputSchema } from '../../../../events/role/commands';
import type { CurrentUser } from '../../../lib/auth';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { Field, SubmitButton } from '../../../ui/form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCreateRole } from './create-role';
import { RoleActionsFields } from './role-actions-fields';

const allActions = Object.fromEntries(roleActions.map((action) => [action, true])) as Rules;

/**
 * /admin/roles/new-role: a name and the actions; creating opens the new role's page. The actions
 * the creator lacks cannot be ticked (a role editor gives no action they do not hold).
 */
export function NewRoleRoute({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('adminRoles.newTitle'));
  const create = useCreateRole();
  const [, navigate] = useLocation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(roleInputSchema, undefined, { raw: true }),
    defaultValues: { name: '', actions: {} },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const created = await create.mutateAsync(values);
      navigate(`/roles/${encodeURIComponent(created.name)}`, { state: { notice: 'roleCreated' } });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, ['name']);
      setAlert(problem.message ?? t('form.unreachable'));
    }
  });

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href="/roles">← {t('adminRoles.backToList')}</Link>
      </p>
      <h1>{t('adminRoles.newTitle')}</h1>
      <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <div className="form-section">
          <Field label={t('adminRoles.name')} hint={t('adminRoles.nameHint')} error={errors.name}>
            {(control) => <input {...control} {...form.register('name')} type="text" autoComplete="off" />}
          </Field>
        </div>
        <RoleActionsFields register={form.register} locked={actionsBeyond(viewer, allActions)} />
        {alert && (
          <Alert tone="danger">
            <p>{alert}</p>
          </Alert>
        )}
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{t('adminRoles.create')}</SubmitButton>
          <Link href="/roles" className="button button--ghost">
            {t('dialog.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
