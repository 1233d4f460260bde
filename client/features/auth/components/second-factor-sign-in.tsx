import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  recoveryCodeSchema,
  type secondFactorSignInSchema,
  totpCodeSchema,
} from '../../../../events/user/commands';
import { ApiError } from '../../../lib/http';
import { Alert } from '../../../ui/alert';
import { SubmitButton } from '../../../ui/form';
import { SecondFactorField, type SecondFactorMode } from '../../../ui/second-factor-field';
import { signInSecondFactor } from '../api/sign-in-second-factor';
import { useFormAlert } from './use-form-alert';

/** The second step's input but the challenge (a prop), both ways of the second factor held. */
type Values = Required<Omit<z.input<typeof secondFactorSignInSchema>, 'challenge'>>;

/**
 * Sign-in's second step, for an account with two-step sign-in: the code of the authenticator app,
 * or a recovery code. A challenge that has run out (minutes) sends the person back to the first step.
 */
export function SecondFactorSignIn({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SecondFactorMode>('code');
  const form = useForm<Values>({ defaultValues: { code: '', recoveryCode: '' } });
  const { alert, setAlert, fail } = useFormAlert(form.setError, ['code', 'recoveryCode']);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    form.setFocus(mode);
  }, [form, mode]);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    const parsed = (mode === 'code' ? totpCodeSchema : recoveryCodeSchema).safeParse(values[mode]);
    if (!parsed.success) {
      form.setError(mode, { type: 'validate', message: parsed.error.issues[0]?.message });
      form.setFocus(mode);
      return;
    }
    try {
      await signInSecondFactor(
        challenge,
        mode === 'code' ? { code: parsed.data } : { recoveryCode: parsed.data },
      );
    } catch (error) {
      if (error instanceof ApiError && error.key === 'secondFactor.challengeExpired') {
        onRestart(error.message);
        return;
      }
      fail(error);
      form.setValue(mode, '');
      form.setFocus(mode);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <div className="second-factor-intro">
        <h2>{t('secondFactor.signInTitle')}</h2>
        <p>{mode === 'code' ? t('secondFactor.signInLead') : t('secondFactor.signInRecoveryLead')}</p>
      </div>
      {alert && (
        <Alert tone={alert.tone}>
          <p>{alert.text}</p>
        </Alert>
      )}
      <SecondFactorField
        mode={mode}
        onModeChange={(next) => {
          form.clearErrors();
          setAlert(null);
          setMode(next);
        }}
        code={form.register('code')}
        recoveryCode={form.register('recoveryCode')}
        error={errors[mode]}
      />
      <SubmitButton
        busy={isSubmitting}
        busyLabel={t('secondFactor.verifying')}
        className="button button--block"
      >
        {t('secondFactor.verify')}
      </SubmitButton>
      <p className="form__links">
        <button type="button" className="link-button" onClick={() => onRestart()}>
          {t('secondFactor.startOver')}
        </button>
      </p>
    </form>
  );
}
