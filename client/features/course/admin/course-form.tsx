import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CourseInput, courseInputSchema } from '../../../../events/course/commands';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { useImageChoices } from '../../../ui/admin/api/get-files';
import {
  fromDateInput,
  LanguageRadios,
  orNull,
  sharedSchemaResolver,
  toDateInput,
  useDateInputProps,
  useNotice,
} from '../../../ui/admin/content-form-helpers';
import { CheckboxField, Field, SubmitButton } from '../../../ui/form';
import { ImageField } from '../../../ui/image-field';

export interface CourseFormValues {
  name: string;
  language: '' | 'nl' | 'fr' | 'en';
  info: string;
  location: string;
  startdate: string;
  enddate: string;
  teacher: string;
  showUserList: boolean;
  showTeam: boolean;
  public: boolean;
  onHome: boolean;
  image: { name: string; alt: string };
}

/** The fields a course form starts from: empty, or a stored course (to edit or translate). */
export function courseFormValues(course?: {
  name: string;
  language: 'nl' | 'fr' | 'en';
  info: string;
  location: string;
  startdate: string | null;
  enddate: string | null;
  teacher: string;
  showUserList: boolean;
  showTeam: boolean;
  public: boolean;
  onHome: boolean;
  image: { name: string; alt: string } | null;
}): CourseFormValues {
  return {
    name: course?.name ?? '',
    language: course?.language ?? '',
    info: course?.info ?? '',
    location: course?.location ?? '',
    startdate: toDateInput(course?.startdate),
    enddate: toDateInput(course?.enddate),
    teacher: course?.teacher ?? '',
    showUserList: course?.showUserList ?? false,
    showTeam: course?.showTeam ?? true,
    public: course?.public ?? true,
    onHome: course?.onHome ?? false,
    image: { name: course?.image?.name ?? '', alt: course?.image?.alt ?? '' },
  };
}

/** The form's values as the course command reads them. */
export function toCourseInput(values: CourseFormValues, originId: string | null = null): CourseInput {
  const image = values.image.name.trim() ? values.image : null;
  return {
    ...values,
    language: values.language as CourseInput['language'],
    startdate: orNull(fromDateInput(values.startdate)),
    enddate: orNull(fromDateInput(values.enddate)),
    image,
    originId,
  };
}

const courseFields = [
  'name',
  'language',
  'info',
  'location',
  'startdate',
  'enddate',
  'teacher',
  'image.name',
  'image.alt',
];

/**
 * The course form (docs/guide/building-a-course.md), checked in the browser with the server's own
 * schema: name and language required, the end not before the start. Messages follow the interface
 * language; the server's field problems land next to the same fields.
 */
export function CourseForm({
  defaultValues,
  submitLabel,
  onSubmit,
  readOnly = false,
  savedText,
}: {
  defaultValues: CourseFormValues;
  submitLabel: string;
  /** Sends the course; throws the server's refusal. */
  onSubmit: (input: CourseInput) => Promise<unknown>;
  readOnly?: boolean;
  /** Shown as a success alert after saving (none when the page moves on). */
  savedText?: string;
}) {
  const { t } = useTranslation();
  const { setNotice, view: notice } = useNotice();
  const form = useForm<CourseFormValues>({
    resolver: sharedSchemaResolver(courseInputSchema, (values: CourseFormValues) => toCourseInput(values)),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const register = form.register;
  const imageChoices = useImageChoices();
  const dateInputProps = useDateInputProps();

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await onSubmit(toCourseInput(values));
      form.reset(values);
      if (savedText) setNotice({ tone: 'success', text: savedText });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, courseFields, 'course.');
      setNotice({ tone: 'danger', text: problem.message ?? t('form.unreachable') });
    }
  });

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="form-section" disabled={readOnly}>
        <Field label={t('courseAdmin.name')} error={errors.name}>
          {(control) => <input {...control} {...register('name')} type="text" autoComplete="off" />}
        </Field>
        <LanguageRadios
          name="language"
          legend={t('courseAdmin.language')}
          register={register as unknown as (name: string) => object}
          error={errors.language}
        />
        <Field label={t('courseAdmin.info')} error={errors.info} optional>
          {(control) => <textarea {...control} {...register('info')} rows={6} />}
        </Field>
        <div className="field-row">
          <Field label={t('courseAdmin.location')} error={errors.location} optional>
            {(control) => <input {...control} {...register('location')} type="text" />}
          </Field>
          <Field label={t('courseAdmin.teacher')} error={errors.teacher} optional>
            {(control) => <input {...control} {...register('teacher')} type="text" />}
          </Field>
        </div>
        <div className="field-row">
          <Field label={t('courseAdmin.startdate')} error={errors.startdate} optional>
            {(control) => <input {...control} {...register('startdate')} {...dateInputProps} />}
          </Field>
          <Field label={t('courseAdmin.enddate')} error={errors.enddate} optional>
            {(control) => <input {...control} {...register('enddate')} {...dateInputProps} />}
          </Field>
        </div>
      </fieldset>
      <fieldset className="form-section" disabled={readOnly}>
        <legend className="form-section__title">{t('courseAdmin.visibility')}</legend>
        <div className="checkbox-grid">
          <CheckboxField label={t('courseAdmin.public')} description={t('courseAdmin.publicText')}>
            {(control) => <input {...control} {...register('public')} type="checkbox" />}
          </CheckboxField>
          <CheckboxField label={t('courseAdmin.onHome')}>
            {(control) => <input {...control} {...register('onHome')} type="checkbox" />}
          </CheckboxField>
          <CheckboxField label={t('courseAdmin.showUserList')}>
            {(control) => <input {...control} {...register('showUserList')} type="checkbox" />}
          </CheckboxField>
          <CheckboxField label={t('courseAdmin.showTeam')}>
            {(control) => <input {...control} {...register('showTeam')} type="checkbox" />}
          </CheckboxField>
        </div>
      </fieldset>
      <ImageField
        legend={t('courseAdmin.image')}
        value={form.watch('image')}
        onChange={(image) =>
          form.setValue('image', image, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
        }
        errors={{ name: errors.image?.name, alt: errors.image?.alt }}
        readOnly={readOnly}
        choices={imageChoices}
      />
      {notice}
      {!readOnly && (
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
        </div>
      )}
    </form>
  );
}
