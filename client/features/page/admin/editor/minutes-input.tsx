import { useState } from 'react';
import { type Path, useController, useFormContext } from 'react-hook-form';
import type { ControlProps } from '../../../../ui/form';
import type { PageFormValues } from './elements';

/** Seconds as the minutes an author reads: whole, or with one decimal (150 s → 2.5). */
const minutesText = (seconds: unknown) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? String(Math.round((seconds / 60) * 10) / 10) : '';

/**
 * A time typed in minutes (decimals with a point or a comma) and stored in seconds, as the spec
 * keeps it: authors think in minutes. Empty or unreadable text is stored as such, for the shared
 * schema to refuse next to the field.
 */
export function MinutesInput({ name, control }: { name: Path<PageFormValues>; control: ControlProps }) {
  const { control: formControl } = useFormContext<PageFormValues>();
  const { field } = useController({ control: formControl, name });
  const [text, setText] = useState(() => minutesText(field.value));
  return (
    <input
      {...control}
      ref={field.ref}
      name={field.name}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className="input--short"
      value={text}
      onBlur={field.onBlur}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.value.trim().replace(',', '.');
        const minutes = typed === '' ? Number.NaN : Number(typed);
        field.onChange(Number.isFinite(minutes) ? Math.round(minutes * 60) : Number.NaN);
      }}
    />
  );
}
