import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { sectionInputSchema } from '../../../../events/section/commands';
import type { Classroom } from '../../../../events/section/events';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { useImageChoices } from '../../../ui/admin/api/get-files';
import {
  fromDateInput,
  fromDateTimeInput,
  LanguageRadios,
  orNull,
  sharedSchemaResolver,
  toDateInput,
  toDateTimeInput,
  useDateInputProps,
  useNotice,
} from '../../../ui/admin/content-form-helpers';
import { CheckboxField, Field, SubmitButton } from '../../../ui/form';
import { ImageField } from '../../../ui/image-field';
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
export function toSectionInput(values: SectionFormValues, originId: string | null = null): SectionInput {
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

/**
 * The section form with its optional classroom, checked with the server's
 * own schema: name and language required (docs/adr/0011-sections-require-a-language.md), breakout
 * rooms need their Jitsi URL.
 */
export function SectionForm({
  defaultValues,
  submitLabel,
  onSubmit,
  readOnly = false,
  savedText,
}: {
  defaultValues: SectionFormValues;
  submitLabel: string;
  onSubmit: (input: SectionInput) => Promise<unknown>;
  readOnly?: boolean;
  savedText?: string;
}) {
  const { t } = useTranslation();
  const { setNotice, view: notice } = useNotice();
  const form = useForm<SectionFormValues>({
    resolver: sharedSchemaResolver(sectionInputSchema, (values: SectionFormValues) => toSectionInput(values)),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const register = form.register;
  const hasClassroom = form.watch('hasClassroom');
  const imageChoices = useImageChoices();
  const dateInputProps = useDateInputProps();

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await onSubmit(toSectionInput(values));
      form.reset(values);
      if (savedText) setNotice({ tone: 'success', text: savedText });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, sectionFields, 'section.');
      setNotice({ tone: 'danger', text: problem.message ?? t('form.unreachable') });
    }
  });

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="form-section" disabled={readOnly}>
        <Field label={t('sectionAdmin.name')} error={errors.name}>
          {(control) => <input {...control} {...register('name')} type="text" autoComplete="off" />}
        </Field>
        <LanguageRadios
          name="language"
          legend={t('sectionAdmin.language')}
          register={register as unknown as (name: string) => object}
          error={errors.language}
        />
        <Field label={t('sectionAdmin.info')} error={errors.info} optional>
          {(control) => <textarea {...control} {...register('info')} rows={5} />}
        </Field>
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
      {hasClassroom && <ClassroomFields form={form} disabled={readOnly} />}
      {notice}
      {!readOnly && (
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
        </div>
      )}
    </form>
  );
}
