import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { acceptInvitationSchema, forgotSchema } from '../../../../events/user/commands';
import { ApiError } from '../../../lib/http';
import { Alert } from '../../../ui/alert';
import { emailInputProps, Field, SubmitButton } from '../../../ui/form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { acceptInvitation, resendInvitation } from '../api/accept-invitation';
import { NewPasswordField } from '../components/password-input';
import { useFormAlert } from '../components/use-form-alert';

/** The token of the mailed link: after '#', so it never reaches a server log. */
const tokenOfLink = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));
const passwordOnly = acceptInvitationSchema.pick({ password: true });

/**
 * /invitation#<token>: an invited person (an account an administrator made or imported) chooses
 * their first password and is signed in. An expired or used link says so and offers a new one.
 */
export function InvitationRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.title'));
  const [token] = useState(tokenOfLink);
  const [spent, setSpent] = useState(!acceptInvitationSchema.shape.token.safeParse(token).success);
  return (
    <div className="login">
      <div className="login__card">
        <h1 className="login__title">{t('invitation.title')}</h1>
        {spent ? (
          <>
            <Alert tone="danger">
              <p>{token ? t('auth.invitationSpent') : t('invitation.noToken')}</p>
            </Alert>
            <AskNewLink />
          </>
        ) : (
          <ChooseFirstPassword token={token} onSpent={() => setSpent(true)} />
        )}
      </div>
    </div>
  );
}

function ChooseFirstPassword({ token, onSpent }: { token: string; onSpent: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useForm({
    resolver: zodResolver(passwordOnly, undefined, { raw: true }),
    defaultValues: { password: '' },
  });
  const { alert, setAlert, fail } = useFormAlert(form.setError, ['password']);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setAlert(null);
    try {
      const signedIn = await acceptInvitation({ token, password });
      // The link is spent: it leaves the address bar and the history entry.
      window.history.replaceState(null, '', '/invitation');
      navigate(signedIn ? '/' : '/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.key === 'auth.invitationSpent') onSpent();
      else fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <p className="login__lead">{t('invitation.lead')}</p>
      {alert && (
        <Alert tone={alert.tone}>
          <p>{alert.text}</p>
        </Alert>
      )}
      <NewPasswordField
        label={t('invitation.password')}
        registration={form.register('password')}
        error={errors.password}
      />
      <SubmitButton busy={isSubmitting} className="button button--block">
        {t('invitation.submit')}
      </SubmitButton>
    </form>
  );
}

function AskNewLink() {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(forgotSchema, undefined, { raw: true }),
    defaultValues: { email: '' },
  });
  const { alert, setAlert, fail } = useFormAlert(form.setError, ['email']);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await resendInvitation(values);
      setAlert({ tone: 'success', text: answer.message });
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <h2>{t('invitation.askTitle')}</h2>
      <p className="form__intro">{t('invitation.askLead')}</p>
      {alert && (
        <Alert tone={alert.tone}>
          <p>{alert.text}</p>
        </Alert>
      )}
      <Field label={t('form.email')} error={errors.email}>
        {(control) => <input {...control} {...form.register('email')} {...emailInputProps} />}
      </Field>
      <SubmitButton busy={isSubmitting} className="button button--block">
        {t('invitation.ask')}
      </SubmitButton>
      <p className="form__links">
        <Link href="/login">{t('invitation.toLogin')}</Link>
      </p>
    </form>
  );
}
