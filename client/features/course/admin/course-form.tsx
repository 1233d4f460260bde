import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CourseInput, courseInputSchema } from '../../../../events/course/commands';
import type { CourseDetails } from '../../../../events/course/events';
import {
  ContentCheckbox,
  ContentDateRange,
  ContentFormFrame,
  type ContentFormProps,
  ContentImageField,
  ContentTextField,
  useContentForm,
} from '../../../ui/admin/content-form';
import { fromDateInput, orNull, toDateInput } from '../../../ui/admin/content-form-helpers';
import {
  type FormValuesOf,
  sharedContentFields,
  sharedContentValues,
  toSharedContentInput,
} from '../../../ui/admin/form-values';

/** The course command's input as the form holds it: dates as typed text, the image always there. */
export type CourseFormValues = FormValuesOf<Omit<CourseInput, 'originId'>>;

/** The fields a course form starts from: empty, or a stored course (to edit or translate). */
export function courseFormValues(course?: Omit<CourseDetails, 'originId'>): CourseFormValues {
  return {
    ...sharedContentValues(course),
    startdate: toDateInput(course?.startdate),
    enddate: toDateInput(course?.enddate),
    showUserList: course?.showUserList ?? false,
    showTeam: course?.showTeam ?? true,
    onHome: course?.onHome ?? false,
  };
}

/** The form's values as the course command reads them. */
function toCourseInput(values: CourseFormValues, originId: string | null = null): CourseInput {
  return {
    ...toSharedContentInput(values),
    startdate: orNull(fromDateInput(values.startdate)),
    enddate: orNull(fromDateInput(values.enddate)),
    showUserList: values.showUserList,
    showTeam: values.showTeam,
    onHome: values.onHome,
    originId,
  };
}

/** How the form is checked and sent: the server's schema, and its field names after `course.`. */
const courseChecks = {
  schema: courseInputSchema,
  toInput: toCourseInput,
  fields: [...sharedContentFields, 'startdate', 'enddate'],
  prefix: 'course.',
};

/**
 * The course form (docs/guide/building-a-course.md), checked in the browser with the server's own
 * schema: name and language required, the end not before the start. Messages follow the interface
 * language; the server's field problems land next to the same fields.
 */
export function CourseForm(props: ContentFormProps<CourseFormValues, CourseInput>) {
  const { t } = useTranslation();
  const { form, frame, readOnly } = useContentForm(props, courseChecks);
  const where = (
    <div className="field-row">
      <ContentTextField form={form} name="location" label={t('courseAdmin.location')} />
      <ContentTextField form={form} name="teacher" label={t('courseAdmin.teacher')} />
    </div>
  );
  const when = (
    <ContentDateRange
      form={form}
      start={{ name: 'startdate', label: t('courseAdmin.startdate') }}
      end={{ name: 'enddate', label: t('courseAdmin.enddate') }}
    />
  );
  return (
    <ContentFormFrame
      frame={frame}
      texts="courseAdmin"
      infoRows={6}
      basics={
        <>
          {where}
          {when}
        </>
      }
    >
      <CourseVisibility form={form} readOnly={readOnly} />
      <ContentImageField form={form} legend={t('courseAdmin.image')} readOnly={readOnly} />
    </ContentFormFrame>
  );
}

/** Who sees the course, and what its participants see of each other. */
function CourseVisibility({ form, readOnly }: { form: UseFormReturn<CourseFormValues>; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-section" disabled={readOnly}>
      <legend className="form-section__title">{t('courseAdmin.visibility')}</legend>
      <div className="checkbox-grid">
        <ContentCheckbox
          form={form}
          name="public"
          label={t('courseAdmin.public')}
          description={t('courseAdmin.publicText')}
        />
        <ContentCheckbox form={form} name="onHome" label={t('courseAdmin.onHome')} />
        <ContentCheckbox form={form} name="showUserList" label={t('courseAdmin.showUserList')} />
        <ContentCheckbox form={form} name="showTeam" label={t('courseAdmin.showTeam')} />
      </div>
    </fieldset>
  );
}
