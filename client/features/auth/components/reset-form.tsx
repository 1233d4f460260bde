import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgotSchema, resetSchema } from '../../../../events/user/commands';
import { Alert } from '../../../ui/alert';
import { codeInputProps, emailInputProps, Field, SubmitButton } from '../../../ui/form';
import { forgotPassword } from '../api/forgot-password';
import { resetPassword } from '../api/reset-password';
import { NewPasswordField } from './password-input';
import { useFormAlert } from './use-form-alert';

/**
 * A new password in two steps: ask for a code by e-mail, then give the code with the new
 * password. Someone who already has a code (an invitation from an administrator) skips the first.
 */
export function ResetForm({
  email,
  onEmailChange,
  onDone,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onDone: (email: string, message: string) => void;
}) {
  const [step, setStep] = useState<'request' | 'code'>('request');
  const [notice, setNotice] = useState<string | null>(null);
  return step === 'request' ? (
    <RequestCode
      email={email}
      onSent={(address, message) => {
        onEmailChange(address);
        setNotice(message);
        setStep('code');
      }}
      onHaveCode={(address) => {
        onEmailChange(address);
        setNotice(null);
        setStep('code');
      }}
    />
  ) : (
    <ChoosePassword email={email} notice={notice} onDone={onDone} onAgain={() => setStep('request')} />
  );
}

function RequestCode({
  email,
  onSent,
  onHaveCode,
}: {
  email: string;
  onSent: (email: string, message: string) => void;
  onHaveCode: (email: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(forgotSchema, undefined, { raw: true }),
    defaultValues: { email },
  });
  const { alert, setAlert, fail } = useFormAlert(form.setError, ['email']);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await forgotPassword({ email: values.email });
      onSent(values.email.trim(), answer.message);
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      {alert && (
        <Alert tone={alert.tone}>
          <p>{alert.text}</p>
        </Alert>
      )}
      <p className="form__intro">{t('login.resetIntro')}</p>
      <Field label={t('form.email')} error={errors.email}>
        {(control) => <input {...control} {...form.register('email')} {...emailInputProps} />}
      </Field>
      <SubmitButton busy={isSubmitting} className="button button--block">
        {t('login.sendResetCode')}
      </SubmitButton>
      <p className="form__links">
        <button type="button" className="link-button" onClick={() => onHaveCode(form.getValues('email'))}>
          {t('login.haveCode')}
        </button>
      </p>
    </form>
  );
}

function ChoosePassword({
  email,
  notice,
  onDone,
  onAgain,
}: {
  email: string;
  notice: string | null;
  onDone: (email: string, message: string) => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(resetSchema, undefined, { raw: true }),
    defaultValues: { email, code: '', password: '' },
  });
  const { alert, setAlert, fail } = useFormAlert(form.setError, ['email', 'code', 'password']);
  const { errors, isSubmitting } = form.formState;
  const shown = alert ?? (notice ? { tone: 'success' as const, text: notice } : null);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await resetPassword(values);
      onDone(values.email.trim(), answer.message);
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      {shown && (
        <Alert tone={shown.tone}>
          <p>{shown.text}</p>
        </Alert>
      )}
      <Field label={t('form.email')} error={errors.email}>
        {(control) => <input {...control} {...form.register('email')} {...emailInputProps} />}
      </Field>
      <Field label={t('form.code')} hint={t('login.codeHint')} error={errors.code}>
        {(control) => <input {...control} {...form.register('code')} {...codeInputProps} />}
      </Field>
      <NewPasswordField
        label={t('login.newPassword')}
        registration={form.register('password')}
        error={errors.password}
      />
      <SubmitButton busy={isSubmitting} className="button button--block">
        {t('login.savePassword')}
      </SubmitButton>
      <p className="form__links">
        <button type="button" className="link-button" onClick={onAgain}>
          {t('login.requestAnotherCode')}
        </button>
      </p>
    </form>
  );
}
