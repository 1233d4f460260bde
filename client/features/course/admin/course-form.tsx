import { useTranslation } from 'react-i18next';
import { type CourseInput, courseInputSchema } from '../../../../events/course/commands';
import {
  ContentBasicsFields,
  ContentFormEnd,
  type ContentFormProps,
  ContentImageField,
  useContentForm,
} from '../../../ui/admin/content-form';
import {
  fromDateInput,
  orNull,
  toDateInput,
  useDateInputProps,
} from '../../../ui/admin/content-form-helpers';
import { CheckboxField, Field } from '../../../ui/form';

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
function toCourseInput(values: CourseFormValues, originId: string | null = null): CourseInput {
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

/** How the form is checked and sent: the server's schema, and its field names after `course.`. */
const courseChecks = {
  schema: courseInputSchema,
  toInput: toCourseInput,
  fields: courseFields,
  prefix: 'course.',
};

/**
 * The course form (docs/guide/building-a-course.md), checked in the browser with the server's own
 * schema: name and language required, the end not before the start. Messages follow the interface
 * language; the server's field problems land next to the same fields.
 */
export function CourseForm(props: ContentFormProps<CourseFormValues, CourseInput>) {
  const { t } = useTranslation();
  const { submitLabel, readOnly = false } = props;
  const { form, submit, notice, errors, isSubmitting, register } = useContentForm(props, courseChecks);
  const dateInputProps = useDateInputProps();

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="form-section" disabled={readOnly}>
        <ContentBasicsFields form={form} texts="courseAdmin" infoRows={6} />
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
      <ContentImageField form={form} legend={t('courseAdmin.image')} readOnly={readOnly} />
      <ContentFormEnd notice={notice} readOnly={readOnly} busy={isSubmitting} submitLabel={submitLabel} />
    </form>
  );
}
