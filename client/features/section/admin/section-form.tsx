import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { sectionInputSchema } from '../../../../events/section/commands';
import type { Classroom } from '../../../../events/section/events';
import {
  ContentBasicsFields,
  ContentFormEnd,
  type ContentFormProps,
  ContentImageField,
  useContentForm,
} from '../../../ui/admin/content-form';
import {
  fromDateInput,
  fromDateTimeInput,
  orNull,
  toDateInput,
  toDateTimeInput,
  useDateInputProps,
} from '../../../ui/admin/content-form-helpers';
import { CheckboxField, Field } from '../../../ui/form';
import { ClassroomFields } from './classroom-fields';

export type SectionInput = z.input<typeof sectionInputSchema>;

export interface SectionFormValues {
  name: string;
  language: '' | 'nl' | 'fr' | 'en';
  info: string;
  date: string;
  location: string;
  teacher: string;
  public: boolean;
  image: { name: string; alt: string };
  hasClassroom: boolean;
  classroom: {
    name: string;
    type: '' | 'zoom' | 'jitsi';
    startdate: string;
    enddate: string;
    meetingId: string;
    pwd: string;
    extraInfo: string;
    recordings: { url: string; titel: string }[];
    breakoutrooms: {
      name: string;
      startdate: string;
      jitsi: string;
      roomNumber: number;
      breakoutroomInteriorInfo: string;
    }[];
    breakoutroomCountdown: number;
    breakoutroomCountdownStarted: string | null;
    breakoutroomInfo: string;
  };
}

interface StoredSection {
  name: string;
  language: 'nl' | 'fr' | 'en';
  info: string;
  date: string | null;
  location: string;
  teacher: string;
  public: boolean;
  image: { name: string; alt: string } | null;
  classroom: Classroom | null;
}

/** The fields a section form starts from: empty, or a stored section. */
export function sectionFormValues(section?: StoredSection): SectionFormValues {
  const room = section?.classroom;
  return {
    name: section?.name ?? '',
    language: section?.language ?? '',
    info: section?.info ?? '',
    date: toDateInput(section?.date),
    location: section?.location ?? '',
    teacher: section?.teacher ?? '',
    public: section?.public ?? true,
    image: { name: section?.image?.name ?? '', alt: section?.image?.alt ?? '' },
    hasClassroom: Boolean(room),
    classroom: {
      name: room?.name ?? '',
      type: room?.type ?? '',
      startdate: toDateTimeInput(room?.startdate),
      enddate: toDateTimeInput(room?.enddate),
      meetingId: room?.meetingId ?? '',
      pwd: room?.pwd ?? '',
      extraInfo: room?.extraInfo ?? '',
      recordings: room?.recordings.map((recording) => ({ ...recording })) ?? [],
      breakoutrooms:
        room?.breakoutrooms.map((breakout) => ({
          ...breakout,
          startdate: toDateTimeInput(breakout.startdate),
        })) ?? [],
      breakoutroomCountdown: room?.breakoutroomCountdown ?? 0,
      breakoutroomCountdownStarted: room?.breakoutroomCountdownStarted ?? null,
      breakoutroomInfo: room?.breakoutroomInfo ?? '',
    },
  };
}

/** The form's values as the section command reads them. */
function toSectionInput(values: SectionFormValues, originId: string | null = null): SectionInput {
  const room = values.classroom;
  return {
    name: values.name,
    language: values.language as SectionInput['language'],
    info: values.info,
    originId,
    date: orNull(fromDateInput(values.date)),
    location: values.location,
    teacher: values.teacher,
    public: values.public,
    image: values.image.name.trim() ? values.image : null,
    classroom: values.hasClassroom
      ? {
          ...room,
          type: room.type as 'zoom' | 'jitsi',
          startdate: fromDateTimeInput(room.startdate),
          enddate: fromDateTimeInput(room.enddate),
          breakoutrooms: room.breakoutrooms.map((breakout) => ({
            ...breakout,
            startdate: fromDateTimeInput(breakout.startdate),
          })),
        }
      : null,
  };
}

const sectionFields = [
  'name',
  'language',
  'info',
  'date',
  'location',
  'teacher',
  'image.name',
  'image.alt',
  'classroom.name',
  'classroom.type',
  'classroom.startdate',
  'classroom.enddate',
];

/** How the form is checked and sent: the server's schema, and its field names after `section.`. */
const sectionChecks = {
  schema: sectionInputSchema,
  toInput: toSectionInput,
  fields: sectionFields,
  prefix: 'section.',
};

/**
 * The section form with its optional classroom, checked with the server's
 * own schema: name and language required (docs/adr/0011-sections-require-a-language.md), breakout
 * rooms need their Jitsi URL.
 */
export function SectionForm(props: ContentFormProps<SectionFormValues, SectionInput>) {
  const { t } = useTranslation();
  const { submitLabel, readOnly = false } = props;
  const { form, submit, notice, errors, isSubmitting, register } = useContentForm(props, sectionChecks);
  const hasClassroom = form.watch('hasClassroom');
  const dateInputProps = useDateInputProps();

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="form-section" disabled={readOnly}>
        <ContentBasicsFields form={form} texts="sectionAdmin" infoRows={5} />
        <div className="field-row">
          <Field label={t('sectionAdmin.date')} error={errors.date} optional>
            {(control) => <input {...control} {...register('date')} {...dateInputProps} />}
          </Field>
          <Field label={t('sectionAdmin.location')} error={errors.location} optional>
            {(control) => <input {...control} {...register('location')} type="text" />}
          </Field>
        </div>
        <Field label={t('sectionAdmin.teacher')} error={errors.teacher} optional>
          {(control) => <input {...control} {...register('teacher')} type="text" />}
        </Field>
        <CheckboxField label={t('sectionAdmin.public')} description={t('sectionAdmin.publicText')}>
          {(control) => <input {...control} {...register('public')} type="checkbox" />}
        </CheckboxField>
        <CheckboxField
          label={t('sectionAdmin.hasClassroom')}
          description={t('sectionAdmin.hasClassroomText')}
        >
          {(control) => <input {...control} {...register('hasClassroom')} type="checkbox" />}
        </CheckboxField>
      </fieldset>
      <ContentImageField form={form} legend={t('courseAdmin.image')} readOnly={readOnly} />
      {hasClassroom && <ClassroomFields form={form} disabled={readOnly} />}
      <ContentFormEnd notice={notice} readOnly={readOnly} busy={isSubmitting} submitLabel={submitLabel} />
    </form>
  );
}
