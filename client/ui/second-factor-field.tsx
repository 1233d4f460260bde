import './second-factor-field.css';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeInputProps, Field } from './form';

export type SecondFactorMode = 'code' | 'recoveryCode';

/**
 * The second factor a form asks for: the six digits the authenticator app shows, or, for someone
 * without their phone, one of their recovery codes ('Use a recovery code' switches between them).
 */
export function SecondFactorField({
  mode,
  onModeChange,
  code,
  recoveryCode,
  error,
}: {
  mode: SecondFactorMode;
  onModeChange: (mode: SecondFactorMode) => void;
  code: UseFormRegisterReturn;
  recoveryCode: UseFormRegisterReturn;
  error?: FieldError;
}) {
  const { t } = useTranslation();
  return (
    <div className="second-factor-field">
      {mode === 'code' ? (
        <Field label={t('secondFactor.code')} hint={t('secondFactor.codeHint')} error={error}>
          {(control) => <input {...control} {...code} {...codeInputProps} maxLength={7} />}
        </Field>
      ) : (
        <Field label={t('secondFactor.recoveryCode')} hint={t('secondFactor.recoveryCodeHint')} error={error}>
          {(control) => (
            <input
              {...control}
              {...recoveryCode}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
            />
          )}
        </Field>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => onModeChange(mode === 'code' ? 'recoveryCode' : 'code')}
      >
        {mode === 'code' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
      </button>
    </div>
  );
}
