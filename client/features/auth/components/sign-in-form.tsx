import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { signInSchema } from '../../../../events/user/commands';
import { ApiError } from '../../../lib/http';
import { signIn } from '../../../lib/session';
import { Alert } from '../../../ui/alert';
import { CheckboxField, codeInputProps, emailInputProps, Field, SubmitButton } from '../../../ui/form';
import { PasswordInput } from './password-input';
import { SecondFactorSignIn } from './second-factor-sign-in';
import { useFormAlert } from './use-form-alert';

/**
 * E-mail and password. On success the session changes and the login page sends the person back
 * to where they came from. An unverified account is offered the way to its code; an account with
 * two-step sign-in goes on to its second step; a locked account (too many failed sign-ins) asks
 * for the code mailed to it, sent with the password.
 */
export function SignInForm({
  email,
  onEmailChange,
  verifyHref,
  forgotHref,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  verifyHref: string;
  forgotHref: string;
}) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(signInSchema, undefined, { raw: true }),
    defaultValues: { email, password: '', keepSignedIn: false, unlockCode: undefined as string | undefined },
  });
  const { alert, setAlert, fail } = useFormAlert(form.setError, ['email', 'password', 'unlockCode']);
  const { errors, isSubmitting } = form.formState;
  const [challenge, setChallenge] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);

  // Going to another step keeps the address typed so far.
  const keepEmail = () => onEmailChange(form.getValues('email'));

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    onEmailChange(values.email);
    try {
      const second = await signIn(values.email, values.password, {
        keepSignedIn: values.keepSignedIn === true,
        unlockCode: locked ? values.unlockCode : undefined,
      });
      if (second) {
        form.setValue('password', '');
        setChallenge(second.challenge);
      }
    } catch (error) {
      fail(error);
      form.setValue('password', '');
      if (error instanceof ApiError && error.key === 'auth.accountLocked') setLocked(true);
      form.setFocus('password');
    }
  });

  if (challenge)
    return (
      <SecondFactorSignIn
        challenge={challenge}
        onRestart={(message) => {
          setChallenge(null);
          if (message) setAlert({ tone: 'danger', text: message });
        }}
      />
    );

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      {alert && (
        <Alert tone={alert.tone}>
          <p>{alert.text}</p>
          {alert.status === 403 && (
            <Link href={verifyHref} className="button button--small" onClick={keepEmail}>
              {t('login.verifyLink')}
            </Link>
          )}
        </Alert>
      )}
      <Field label={t('form.email')} error={errors.email}>
        {(control) => <input {...control} {...form.register('email')} {...emailInputProps} />}
      </Field>
      <Field label={t('form.password')} error={errors.password}>
        {(control) => (
          <PasswordInput
            control={control}
            registration={form.register('password')}
            autoComplete="current-password"
          />
        )}
      </Field>
      {locked && (
        <Field label={t('auth.unlockCode')} hint={t('login.codeHint')} error={errors.unlockCode}>
          {(control) => (
            <input
              {...control}
              {...form.register('unlockCode', {
                setValueAs: (value: unknown) => String(value ?? '').trim() || undefined,
              })}
              {...codeInputProps}
            />
          )}
        </Field>
      )}
      {/* Unticked by default: a shared computer signs its user out when the browser closes. */}
      <CheckboxField label={t('sessions.keepSignedIn')} description={t('sessions.keepSignedInHint')}>
        {(control) => <input {...control} {...form.register('keepSignedIn')} type="checkbox" />}
      </CheckboxField>
      <SubmitButton busy={isSubmitting} busyLabel={t('login.signingIn')} className="button button--block">
        {t('login.signIn')}
      </SubmitButton>
      <p className="form__links">
        <Link href={forgotHref} onClick={keepEmail}>
          {t('login.forgotLink')}
        </Link>
        <Link href={verifyHref} onClick={keepEmail}>
          {t('login.verifyLink')}
        </Link>
      </p>
    </form>
  );
}
