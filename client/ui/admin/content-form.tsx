import type { BaseSyntheticEvent, ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { problemOf, showFieldProblems } from '../../lib/forms';
import { CheckboxField, Field, SubmitButton } from '../form';
import { ImageField } from '../image-field';
import { useImageChoices } from './api/get-files';
import { LanguageRadios, sharedSchemaResolver, useDateInputProps, useNotice } from './content-form-helpers';

/** What a content form (course, section, file) is given by its screen. */
export interface ContentFormProps<V, I> {
  defaultValues: V;
  submitLabel: string;
  /** Sends the item; throws the server's refusal. */
  onSubmit: (input: I) => Promise<unknown>;
  readOnly?: boolean;
  /** Shown as a success alert after saving (none when the page moves on). */
  savedText?: string;
}

/** How a content form is checked and sent: the server's schema, and the fields it may name. */
export interface ContentFormChecks<V, I> {
  schema: z.ZodType;
  toInput: (values: V) => I;
  fields: readonly string[];
  /** What the server's field paths start with (`course.`), left out to name the form's fields. */
  prefix: string;
}

/**
 * A content form checked in the browser with the server's own schema: it sends the values in the
 * command's shape, says when they are saved, and puts the server's field problems next to the
 * same fields (`fields`, named as in the schema after `prefix`).
 */
export function useContentForm<V extends FieldValues, I>(
  { defaultValues, onSubmit, savedText, submitLabel, readOnly = false }: ContentFormProps<V, I>,
  { schema, toInput, fields, prefix }: ContentFormChecks<V, I>,
) {
  const { t } = useTranslation();
  const { setNotice, view: notice } = useNotice();
  const form = useForm<V>({
    resolver: sharedSchemaResolver(schema, toInput),
    defaultValues: defaultValues as DefaultValues<V>,
  });
  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await onSubmit(toInput(values));
      form.reset(values);
      if (savedText) setNotice({ tone: 'success', text: savedText });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, fields, prefix);
      setNotice({ tone: 'danger', text: problem.message ?? t('form.unreachable') });
    }
  });
  const { errors, isSubmitting } = form.formState;
  const frame: ContentFrame<V> = { form, submit, notice, isSubmitting, readOnly, submitLabel };
  return { form, submit, notice, errors, isSubmitting, readOnly, frame };
}

/** What ContentFormFrame draws a content form with, as useContentForm gives it. */
export interface ContentFrame<V extends FieldValues> {
  form: UseFormReturn<V>;
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  notice: ReactNode;
  isSubmitting: boolean;
  readOnly: boolean;
  submitLabel: string;
}

/** The end of a content form: the answer to saving, and the button unless it is read-only. */
export function ContentFormEnd({
  notice,
  readOnly,
  busy,
  submitLabel,
}: {
  notice: ReactNode;
  readOnly: boolean;
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {notice}
      {!readOnly && (
        <div className="form__actions">
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        </div>
      )}
    </>
  );
}

interface WithImage {
  image: { name: string; alt: string };
}

/** The item's image field (an uploaded image or one of the platform's), bound to the form. */
export function ContentImageField<V extends WithImage & FieldValues>({
  form,
  legend,
  readOnly,
}: {
  form: UseFormReturn<V>;
  legend: string;
  readOnly: boolean;
}) {
  const choices = useImageChoices();
  const field = 'image' as Path<V>;
  const errors = (form.formState.errors as FieldErrors<WithImage>).image;
  return (
    <ImageField
      legend={legend}
      value={form.watch(field) as WithImage['image']}
      onChange={(image) =>
        form.setValue(field, image as PathValue<V, Path<V>>, {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        })
      }
      errors={{ name: errors?.name, alt: errors?.alt }}
      readOnly={readOnly}
      choices={choices}
    />
  );
}

interface Basics {
  name: string;
  language: string;
  info: string;
}

/**
 * The name, language and description a course and a section open their form with; their
 * catalogues name the labels alike (`name`, `language`, `info` under `courseAdmin` or `sectionAdmin`).
 */
function ContentBasicsFields<V extends Basics & FieldValues>({
  form,
  texts,
  infoRows,
}: {
  form: UseFormReturn<V>;
  texts: 'courseAdmin' | 'sectionAdmin';
  infoRows: number;
}) {
  const { t } = useTranslation();
  const errors = (form.formState.errors as FieldErrors<Basics>) ?? {};
  const register = form.register as unknown as (name: keyof Basics) => object;
  return (
    <>
      <Field label={t(`${texts}.name`)} error={errors.name}>
        {(control) => <input {...control} {...register('name')} type="text" autoComplete="off" />}
      </Field>
      <LanguageRadios
        name="language"
        legend={t(`${texts}.language`)}
        register={register as (name: string) => object}
        error={errors.language}
      />
      <Field label={t(`${texts}.info`)} error={errors.info} optional>
        {(control) => <textarea {...control} {...register('info')} rows={infoRows} />}
      </Field>
    </>
  );
}

/**
 * The form a course and a section share: in its first section the basics (name, language,
 * description) and then `basics`, the item's own sections (`children`), then the answer to saving
 * and the button.
 */
export function ContentFormFrame<V extends Basics & FieldValues>({
  frame: { form, submit, notice, isSubmitting, readOnly, submitLabel },
  texts,
  infoRows,
  basics,
  children,
}: {
  frame: ContentFrame<V>;
  texts: 'courseAdmin' | 'sectionAdmin';
  infoRows: number;
  basics: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="form-section" disabled={readOnly}>
        <ContentBasicsFields form={form} texts={texts} infoRows={infoRows} />
        {basics}
      </fieldset>
      {children}
      <ContentFormEnd notice={notice} readOnly={readOnly} busy={isSubmitting} submitLabel={submitLabel} />
    </form>
  );
}

interface BoundField<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
}

/** An optional line of text, its error (the schema's or the server's) under it. */
export function ContentTextField<V extends FieldValues>({ form, name, label }: BoundField<V>) {
  return (
    <Field label={label} error={get(form.formState.errors, name)} optional>
      {(control) => <input {...control} {...form.register(name)} type="text" />}
    </Field>
  );
}

/** An optional date, or date and time, typed as text (see useDateInputProps). */
export function ContentDateField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  withTime = false,
}: BoundField<V> & { hint?: string; withTime?: boolean }) {
  const dateInputProps = useDateInputProps(withTime);
  return (
    <Field label={label} hint={hint} error={get(form.formState.errors, name)} optional>
      {(control) => <input {...control} {...form.register(name)} {...dateInputProps} />}
    </Field>
  );
}

/**
 * A start and an end side by side (a course's dates, a classroom's times). The shared schemas
 * refuse an end before the start, and say so at the end.
 */
export function ContentDateRange<V extends FieldValues>({
  form,
  start,
  end,
  withTime,
}: {
  form: UseFormReturn<V>;
  start: { name: Path<V>; label: string; hint?: string };
  end: { name: Path<V>; label: string };
  withTime?: boolean;
}) {
  return (
    <div className="field-row">
      <ContentDateField form={form} {...start} withTime={withTime} />
      <ContentDateField form={form} {...end} withTime={withTime} />
    </div>
  );
}

/** A checkbox with its label and an optional explanation. */
export function ContentCheckbox<V extends FieldValues>({
  form,
  name,
  label,
  description,
}: BoundField<V> & { description?: string }) {
  return (
    <CheckboxField label={label} description={description}>
      {(control) => <input {...control} {...form.register(name)} type="checkbox" />}
    </CheckboxField>
  );
}
