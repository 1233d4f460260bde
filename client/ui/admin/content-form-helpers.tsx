import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert, type AlertTone } from '../alert';
import { useErrorText } from '../form';

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

/*
 * Dates are typed as DD/MM/YYYY (and times as HH:MM) in every interface language, as lists show
 * them: a browser's own date input follows its locale (mm/dd/yyyy under en-US). The form holds the
 * text; these turn it into the stored value and back. Text that is no date stays as typed, so the
 * shared schema refuses it next to the field ('validation.date').
 */

/** The type, keyboard and placeholder (DD/MM/JJJJ in Dutch) of a date or a date-and-time text input. */
export function useDateInputProps(withTime = false) {
  const { t } = useTranslation();
  return {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    placeholder: withTime ? t('form.dateTimePlaceholder') : t('form.datePlaceholder'),
  } as const;
}

const dayPattern = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A real calendar day as YYYY-MM-DD, or null (31/02 is no day). */
function isoDay(day: string, month: string, year: string): string | null {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The calendar day of a stored date (YYYY-MM-DD or an ISO timestamp), as DD/MM/YYYY. */
export function toDateInput(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A typed DD/MM/YYYY as the stored YYYY-MM-DD; empty stays empty, anything else as typed. */
export function fromDateInput(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  const match = dayPattern.exec(text);
  return (match && isoDay(match[1]!, match[2]!, match[3]!)) || text;
}

const platformOffset = '+01:00';
const hour = 60 * 60 * 1000;

/** An ISO timestamp as the platform's GMT+1 wall-clock time, as DD/MM/YYYY HH:MM. */
export function toDateTimeInput(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  const wall = new Date(time + hour).toISOString();
  return `${toDateInput(wall)} ${wall.slice(11, 16)}`;
}

/**
 * A typed DD/MM/YYYY HH:MM read as GMT+1 (spec: classroom times in GMT+1), or null when empty.
 * A browser's YYYY-MM-DDTHH:MM (a datetime-local input) reads the same way.
 */
export function fromDateTimeInput(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return `${text}:00${platformOffset}`;
  const match = /^(\S+)\s+(\d{1,2}):(\d{2})$/.exec(text);
  const day = match ? fromDateInput(match[1]) : null;
  if (!match || !day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || Number(match[2]) > 23 || Number(match[3]) > 59) {
    return text;
  }
  return `${day}T${match[2]!.padStart(2, '0')}:${match[3]}:00${platformOffset}`;
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

/** The answer of the last mutation, shown as a success or danger alert. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const view = notice ? (
    <Alert tone={notice.tone}>
      <p>{notice.text}</p>
    </Alert>
  ) : null;
  return { notice, setNotice, view };
}
