import '../auth.css';
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ControlProps, Field } from '../../../ui/form';

/** A password input with a button to show what was typed (handy on a phone keyboard). */
export function PasswordInput({
  control,
  registration,
  autoComplete,
}: {
  control: ControlProps;
  registration: UseFormRegisterReturn;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input
        {...control}
        {...registration}
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={shown}
        aria-controls={control.id}
        onClick={() => setShown((value) => !value)}
      >
        {t('login.showPassword')}
      </button>
    </div>
  );
}

/** A field for choosing a password: its label, the length hint every such form gives, and its error. */
export function NewPasswordField({
  label,
  registration,
  error,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} hint={t('login.passwordHint')} error={error}>
      {(control) => (
        <PasswordInput control={control} registration={registration} autoComplete="new-password" />
      )}
    </Field>
  );
}
