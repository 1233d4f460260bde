import './phone-field.css';
import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callingCodeOptions } from '../lib/phone';
import { useLanguage } from '../lib/use-language';
import { useErrorText } from './form';

/** A phone number with a country calling code chosen beside it (Belgium, +32, by default). */
export function PhoneField({
  region,
  number,
  error,
  optional = true,
}: {
  region: UseFormRegisterReturn;
  number: UseFormRegisterReturn;
  error?: FieldError;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const message = useErrorText(error);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className="field phone-field" data-invalid={message ? true : undefined}>
      <legend className="field__label">
        {t('form.phone')}
        {optional && <span className="field__optional"> ({t('form.optional')})</span>}
      </legend>
      <div className="phone-field__controls">
        <label className="visually-hidden" htmlFor={`${id}-region`}>
          {t('form.callingCode')}
        </label>
        <select
          id={`${id}-region`}
          className="phone-field__region"
          autoComplete="tel-country-code"
          {...region}
        >
          {callingCodeOptions(language).map((option) => (
            <option key={option.region} value={option.region}>
              {option.label}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-number`}>
          {t('form.phoneNumber')}
        </label>
        <input
          id={`${id}-number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-describedby={[hintId, message ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={message ? true : undefined}
          {...number}
        />
      </div>
      <p id={hintId} className="field__hint">
        {t('form.phoneHint')}
      </p>
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </fieldset>
  );
}
