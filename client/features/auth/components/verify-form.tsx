import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeSchema } from '../../../../events/user/commands';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { codeInputProps, emailInputProps, Field, SubmitButton } from '../../../ui/form';
import { resendCode } from '../api/resend-code';
import { verifyAccount } from '../api/verify-account';
import { useFormAlert } from './use-form-alert';

/** The e-mail address and the 6-digit code from the mail; or a new code when it got lost. */
export function VerifyForm({
  email,
  notice,
  onDone,
}: {
  email: string;
  notice: string | null;
  onDone: (email: string, message: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(codeSchema, undefined, { raw: true }),
    defaultValues: { email, code: '' },
  });
  const { alert, setAlert, fail } = useFormAlert(form.setError, ['email', 'code']);
  const [resending, setResending] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const shown = alert ?? (notice ? { tone: 'success' as const, text: notice } : null);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const answer = await verifyAccount({ email: values.email, code: values.code });
      onDone(values.email.trim(), answer.message);
    } catch (error) {
      fail(error);
    }
  });

  const sendNewCode = async () => {
    form.clearErrors('code');
    if (!(await form.trigger('email'))) {
      form.setFocus('email');
      return;
    }
    setAlert(null);
    setResending(true);
    try {
      const answer = await resendCode({ email: form.getValues('email') });
      setAlert({ tone: 'success', text: answer.message });
    } catch (error) {
      setAlert({ tone: 'danger', text: problemOf(error).message ?? t('form.unreachable') });
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting || resending}>
      {shown && (
        <Alert tone={shown.tone}>
          <p>{shown.text}</p>
        </Alert>
      )}
      <p className="form__intro">{t('login.verifyIntro')}</p>
      <Field label={t('form.email')} error={errors.email}>
        {(control) => <input {...control} {...form.register('email')} {...emailInputProps} />}
      </Field>
      <Field label={t('form.code')} hint={t('login.codeHint')} error={errors.code}>
        {(control) => <input {...control} {...form.register('code')} {...codeInputProps} />}
      </Field>
      <SubmitButton busy={isSubmitting} className="button button--block">
        {t('login.verify')}
      </SubmitButton>
      <p className="form__links">
        <button type="button" className="link-button" onClick={() => void sendNewCode()} disabled={resending}>
          {resending ? t('form.sending') : t('login.resendCode')}
        </button>
      </p>
    </form>
  );
}
