import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { createUserSchema } from '../../../../events/user/commands';
import { useCurrentUser } from '../../../lib/auth';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { interfaceLanguages } from '../../../lib/languages';
import { RoleChoice, useRoleChoice } from '../../../ui/admin/role-choice';
import { Alert } from '../../../ui/alert';
import { Field, SubmitButton } from '../../../ui/form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCreateUser } from './create-user';

/**
 * /admin/users/new: an administrator makes an account (name, e-mail, language, roles). The person
 * gets a mail with a code to choose a password; the new user's page opens.
 */
export function NewUserRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminUsers.newTitle'));
  const viewer = useCurrentUser();
  const roleChoice = useRoleChoice(viewer);
  const create = useCreateUser();
  const [, navigate] = useLocation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(createUserSchema, undefined, { raw: true }),
    defaultValues: { name: '', email: '', language: currentLanguage(), roles: [] as string[] },
  });
  const rolesField = useController({ control: form.control, name: 'roles' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const created = await create.mutateAsync(values);
      navigate(`/users/${encodeURIComponent(created._id)}`, { state: { notice: 'userCreated' } });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, ['name', 'email', 'language', 'roles']);
      setAlert(problem.message ?? t('form.unreachable'));
    }
  });

  return (
    <div className="page-narrow">
      <h1>{t('adminUsers.newTitle')}</h1>
      <p className="page-lead">{t('adminUsers.newLead')}</p>
      <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <div className="form-section">
          <Field label={t('form.name')} error={errors.name}>
            {(control) => <input {...control} {...form.register('name')} type="text" autoComplete="off" />}
          </Field>
          <Field label={t('form.email')} error={errors.email}>
            {(control) => (
              <input
                {...control}
                {...form.register('email')}
                type="email"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </Field>
          <Field label={t('profile.language')} hint={t('adminUsers.languageHint')} error={errors.language}>
            {(control) => (
              <select {...control} {...form.register('language')}>
                {interfaceLanguages.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {t(`languages.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {roleChoice.ready ? (
          <RoleChoice
            {...roleChoice.props}
            value={rolesField.field.value ?? []}
            onChange={rolesField.field.onChange}
          />
        ) : (
          roleChoice.view
        )}
        {alert && (
          <Alert tone="danger">
            <p>{alert}</p>
          </Alert>
        )}
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{t('adminUsers.create')}</SubmitButton>
          <Link href="/users" className="button button--ghost">
            {t('dialog.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
