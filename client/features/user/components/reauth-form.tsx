import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type reauthSchema, recoveryCodeSchema, totpCodeSchema } from '../../../../events/user/commands';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { Field, SubmitButton } from '../../../ui/form';
import { SecondFactorField, type SecondFactorMode } from '../../../ui/second-factor-field';
import { reauthenticate } from '../api/reauthenticate';

/** The reauthentication's input, every field held: the second factor's two ways start empty. */
type Values = Required<z.input<typeof reauthSchema>>;

/**
 * 'Confirm it is you' before a sensitive change of one's own account (deleting it, two-step
 * sign-in): the password, and the second factor when the account has one. `onProof` gets the
 * server's proof and does the change; whatever it throws is shown here too.
 */
export function ReauthForm({
  withSecondFactor,
  lead,
  submitLabel,
  busyLabel,
  danger = false,
  onProof,
  onCancel,
}: {
  withSecondFactor: boolean;
  lead: ReactNode;
  submitLabel: string;
  busyLabel?: string;
  danger?: boolean;
  onProof: (reauth: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SecondFactorMode>('code');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { password: '', code: '', recoveryCode: '' } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    form.setFocus('password');
  }, [form]);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    if (!values.password) {
      form.setError('password', { type: 'validate', message: 'validation.required' });
      return;
    }
    let factor: { code?: string; recoveryCode?: string } = {};
    if (withSecondFactor) {
      const parsed = (mode === 'code' ? totpCodeSchema : recoveryCodeSchema).safeParse(values[mode]);
      if (!parsed.success) {
        form.setError(mode, { type: 'validate', message: parsed.error.issues[0]?.message });
        return;
      }
      factor = { [mode]: parsed.data };
    }
    try {
      const proof = await reauthenticate({ password: values.password, ...factor });
      await onProof(proof);
    } catch (error) {
      const refused = problemOf(error);
      const shown = showFieldProblems(form.setError, refused.fields, ['password', 'code', 'recoveryCode']);
      if (shown === 0) setProblem(refused.message ?? t('form.unreachable'));
      if (withSecondFactor) form.setValue(mode, '');
    }
  });

  return (
    <form className="form reauth-form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <p>{lead}</p>
      {problem && (
        <Alert tone="danger">
          <p>{problem}</p>
        </Alert>
      )}
      <Field label={t('form.password')} error={errors.password}>
        {(control) => (
          <input
            {...control}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      {withSecondFactor && (
        <SecondFactorField
          mode={mode}
          onModeChange={(next) => {
            form.clearErrors(['code', 'recoveryCode']);
            setMode(next);
          }}
          code={form.register('code')}
          recoveryCode={form.register('recoveryCode')}
          error={errors[mode]}
        />
      )}
      <div className="form__actions">
        <SubmitButton
          busy={isSubmitting}
          busyLabel={busyLabel ?? t('reauth.checking')}
          className={danger ? 'button button--danger' : 'button'}
        >
          {submitLabel}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={isSubmitting}>
          {t('dialog.cancel')}
        </button>
      </div>
    </form>
  );
}
