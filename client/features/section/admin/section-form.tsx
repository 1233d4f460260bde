import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { sectionInputSchema } from '../../../../events/section/commands';
import type { SectionDetails } from '../../../../events/section/events';
import {
  ContentCheckbox,
  ContentDateField,
  ContentFormFrame,
  type ContentFormProps,
  ContentImageField,
  ContentTextField,
  useContentForm,
} from '../../../ui/admin/content-form';
import {
  fromDateInput,
  fromDateTimeInput,
  orNull,
  toDateInput,
  toDateTimeInput,
} from '../../../ui/admin/content-form-helpers';
import {
  type FormValuesOf,
  sharedContentFields,
  sharedContentValues,
  toSharedContentInput,
} from '../../../ui/admin/form-values';
import { ClassroomFields } from './classroom-fields';

export type SectionInput = z.input<typeof sectionInputSchema>;

/**
 * The section command's input as the form holds it (dates and times as typed text, the image and
 * the classroom always there), and whether the section has a classroom: without one, the
 * classroom's fields are kept but not sent.
 */
export type SectionFormValues = FormValuesOf<Omit<SectionInput, 'originId'>> & { hasClassroom: boolean };

/** The fields a section form starts from: empty, or a stored section. */
export function sectionFormValues(section?: Omit<SectionDetails, 'originId'>): SectionFormValues {
  const room = section?.classroom;
  return {
    ...sharedContentValues(section),
    date: toDateInput(section?.date),
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
      breakoutroomCountdownStarted: room?.breakoutroomCountdownStarted ?? '',
      breakoutroomInfo: room?.breakoutroomInfo ?? '',
    },
  };
}

/** The form's values as the section command reads them. */
function toSectionInput(values: SectionFormValues, originId: string | null = null): SectionInput {
  const room = values.classroom;
  return {
    ...toSharedContentInput(values),
    originId,
    date: orNull(fromDateInput(values.date)),
    classroom: values.hasClassroom
      ? {
          ...room,
          type: room.type as 'zoom' | 'jitsi',
          startdate: fromDateTimeInput(room.startdate),
          enddate: fromDateTimeInput(room.enddate),
          breakoutroomCountdownStarted: orNull(room.breakoutroomCountdownStarted),
          breakoutrooms: room.breakoutrooms.map((breakout) => ({
            ...breakout,
            startdate: fromDateTimeInput(breakout.startdate),
          })),
        }
      : null,
  };
}

/** How the form is checked and sent: the server's schema, and its field names after `section.`. */
const sectionChecks = {
  schema: sectionInputSchema,
  toInput: toSectionInput,
  fields: [
    ...sharedContentFields,
    'date',
    'classroom.name',
    'classroom.type',
    'classroom.startdate',
    'classroom.enddate',
  ],
  prefix: 'section.',
};

/**
 * The section form with its optional classroom, checked with the server's
 * own schema: name and language required (docs/adr/0011-sections-require-a-language.md), breakout
 * rooms need their Jitsi URL.
 */
export function SectionForm(props: ContentFormProps<SectionFormValues, SectionInput>) {
  const { t } = useTranslation();
  const { form, frame, readOnly } = useContentForm(props, sectionChecks);
  const hasClassroom = form.watch('hasClassroom');
  return (
    <ContentFormFrame
      frame={frame}
      texts="sectionAdmin"
      infoRows={5}
      basics={<SectionDetailsFields form={form} />}
    >
      <ContentImageField form={form} legend={t('courseAdmin.image')} readOnly={readOnly} />
      {hasClassroom && <ClassroomFields form={form} disabled={readOnly} />}
    </ContentFormFrame>
  );
}

/** When and where the section is given, by whom, whether it is public and has a classroom. */
function SectionDetailsFields({ form }: { form: UseFormReturn<SectionFormValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field-row">
        <ContentDateField form={form} name="date" label={t('sectionAdmin.date')} />
        <ContentTextField form={form} name="location" label={t('sectionAdmin.location')} />
      </div>
      <ContentTextField form={form} name="teacher" label={t('sectionAdmin.teacher')} />
      <ContentCheckbox
        form={form}
        name="public"
        label={t('sectionAdmin.public')}
        description={t('sectionAdmin.publicText')}
      />
      <ContentCheckbox
        form={form}
        name="hasClassroom"
        label={t('sectionAdmin.hasClassroom')}
        description={t('sectionAdmin.hasClassroomText')}
      />
    </>
  );
}
