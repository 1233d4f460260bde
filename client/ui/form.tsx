import { type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * The text of a field error. Messages are i18n keys (the shared zod schemas and the server's field
 * problems both give keys), translated here so they follow the interface language.
 */
export function useErrorText(error: FieldError | string | undefined): string | undefined {
  const { t } = useTranslation();
  const message = typeof error === 'string' ? error : error?.message;
  return message ? t(message, { defaultValue: message }) : undefined;
}

/** A label, the control, an optional hint and the error right under it. */
export function Field({
  label,
  hint,
  error,
  optional,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError | string;
  optional?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const message = useErrorText(error);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={message ? true : undefined}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional && <span className="field__optional"> ({t('form.optional')})</span>}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': message ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label beside it and an optional explanation under the label. */
export function CheckboxField({
  label,
  description,
  children,
}: {
  label: ReactNode;
  description?: ReactNode;
  children: (control: { id: string; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="checkbox">
      {children({ id, 'aria-describedby': description ? descriptionId : undefined })}
      <div className="checkbox__text">
        <label htmlFor={id} className="checkbox__label">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="checkbox__description">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}

/** The submit button: disabled and saying so while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = 'button',
}: {
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy && <span className="spinner spinner--small" aria-hidden="true" />}
      {busy ? (busyLabel ?? t('form.sending')) : children}
    </button>
  );
}

/** The attributes of every e-mail input: the right keyboard, autofill, no autocorrect. */
export const emailInputProps = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

/** The attributes of a mailed 6-digit code input: a number pad and one-time-code autofill. */
export const codeInputProps = {
  className: 'code-input',
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
} as const;
