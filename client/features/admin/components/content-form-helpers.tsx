import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert, type AlertTone } from '../../../ui/alert';
import { useErrorText } from '../../../ui/form';

/**
 * A resolver that checks the form's values with the shared zod schema (the one the server uses)
 * after turning them into the command's shape (empty dates become null, an empty image none).
 * Error paths are the schema's, which are the form's field names.
 */
export function sharedSchemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
): Resolver<V> {
  const check = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, undefined, { raw: true });
  return async (values, context, options) => {
    const result = await check(
      toInput(values) as FieldValues,
      context,
      options as unknown as Parameters<typeof check>[2],
    );
    return Object.keys(result.errors).length > 0
      ? { values: {}, errors: result.errors as Awaited<ReturnType<Resolver<V>>>['errors'] }
      : { values, errors: {} };
  };
}

/** An empty input means "not set". */
export const orNull = (value: string | null | undefined) => (value?.trim() ? value : null);

/** The calendar day of a stored date (YYYY-MM-DD or an ISO timestamp) for an <input type="date">. */
export const toDateInput = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

const platformOffset = '+01:00';

/** An ISO timestamp as the platform's GMT+1 wall-clock time, for <input type="datetime-local">. */
export function toDateTimeInput(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time + 60 * 60 * 1000).toISOString().slice(0, 16);
}

/** A datetime-local value read as GMT+1 (spec: classroom times in GMT+1), or null when empty. */
export function fromDateTimeInput(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00${platformOffset}` : value;
}

/** A number input's value: empty counts as `fallback`. */
export const numberOr = (fallback: number) => (value: unknown) =>
  value === '' || value === null || value === undefined ? fallback : Number(value);

/** A radio group over the content languages with its legend and the error under it. */
export function LanguageRadios({
  name,
  register,
  error,
  legend,
  disabled,
}: {
  name: string;
  register: (name: string) => object;
  error?: FieldError;
  legend: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const message = useErrorText(error);
  const errorId = `${name}-language-error`;
  return (
    <fieldset
      className="radio-group"
      data-invalid={message ? true : undefined}
      aria-describedby={message ? errorId : undefined}
      disabled={disabled}
    >
      <legend className="field__label">{legend}</legend>
      <div className="radio-group__options">
        {(['nl', 'fr', 'en'] as const).map((language) => (
          <label key={language} className="radio-group__option">
            <input
              type="radio"
              value={language}
              {...register(name)}
              aria-invalid={message ? true : undefined}
            />
            {t(`languages.${language}`)}
          </label>
        ))}
      </div>
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </fieldset>
  );
}

export interface Notice {
  tone: AlertTone;
  text: string;
}

/** The answer of the last mutation, shown as a success or danger alert (spec section 7). */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const view = notice ? (
    <Alert tone={notice.tone}>
      <p>{notice.text}</p>
    </Alert>
  ) : null;
  return { notice, setNotice, view };
}
