import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';

/** The longest message (events/message/events.ts), said beside the field and checked before sending. */
const MESSAGE_MAX = 2000;

/**
 * A message to send: the text with its limit, the refusal at the field (and anything else above
 * the button), a confirmation once sent. `send` rejects with the server's refusal.
 */
export function MessageBox({
  label,
  sendLabel,
  sentMessage,
  send,
  autoFocus = false,
}: {
  label: string;
  sendLabel: string;
  sentMessage: string;
  send: (text: string) => Promise<unknown>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    setError(null);
    const trimmed = text.trim();
    const local =
      trimmed === ''
        ? t('validation.required')
        : trimmed.length > MESSAGE_MAX
          ? t('validation.tooLong')
          : null;
    setFieldError(local);
    if (local) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await send(trimmed);
      setText('');
      setSent(true);
    } catch (refusal) {
      const problem = problemOf(refusal);
      const atField = problem.fields.find((entry) => entry.path === 'text');
      if (atField) {
        setFieldError(atField.message);
        field.current?.focus();
      } else setError(problem.message ?? t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="message-box" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-text`} className="field__label">
          {label}
        </label>
        <textarea
          ref={field}
          id={`${id}-text`}
          className="field__input"
          rows={5}
          value={text}
          maxLength={MESSAGE_MAX}
          // biome-ignore lint/a11y/noAutofocus: the dialog opened to write this very text
          autoFocus={autoFocus}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('messages.limit', { count: MESSAGE_MAX })}
        </p>
        {fieldError && (
          <p id={`${id}-error`} className="field__error">
            {fieldError}
          </p>
        )}
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
      {sent && <Alert tone="success">{sentMessage}</Alert>}
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy && <span className="spinner spinner--small" aria-hidden="true" />}
          {busy ? t('messages.sending') : sendLabel}
        </button>
      </div>
    </form>
  );
}
