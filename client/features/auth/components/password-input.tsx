import '../auth.css';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../ui/form';

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
