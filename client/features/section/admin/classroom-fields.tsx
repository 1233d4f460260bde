import { type FieldErrors, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContentDateRange } from '../../../ui/admin/content-form';
import { numberOr, useDateInputProps } from '../../../ui/admin/content-form-helpers';
import { Field } from '../../../ui/form';
import type { SectionFormValues } from './section-form';

type ClassroomErrors = FieldErrors<SectionFormValues>['classroom'];

/**
 * The live part of a section (docs/guide/live-classrooms.md): name, type, times (GMT+1), meeting
 * credentials, recordings and breakout rooms (each needs its Jitsi URL).
 */
export function ClassroomFields({
  form,
  disabled,
}: {
  form: UseFormReturn<SectionFormValues>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { register, control } = form;
  const dateTimeInputProps = useDateInputProps(true);
  const errors: ClassroomErrors = form.formState.errors.classroom;
  const recordings = useFieldArray({ control, name: 'classroom.recordings' });
  const rooms = useFieldArray({ control, name: 'classroom.breakoutrooms' });

  return (
    <fieldset className="form-section" disabled={disabled}>
      <legend className="form-section__title">{t('sectionAdmin.classroom')}</legend>
      <div className="field-row">
        <Field label={t('sectionAdmin.classroomName')} error={errors?.name}>
          {(c) => <input {...c} {...register('classroom.name')} type="text" />}
        </Field>
        <Field label={t('sectionAdmin.classroomType')} error={errors?.type}>
          {(c) => (
            <select {...c} {...register('classroom.type')}>
              <option value="">{t('sectionAdmin.chooseType')}</option>
              <option value="zoom">Zoom</option>
              <option value="jitsi">Jitsi</option>
            </select>
          )}
        </Field>
      </div>
      <ContentDateRange
        form={form}
        start={{
          name: 'classroom.startdate',
          label: t('sectionAdmin.classroomStart'),
          hint: t('sectionAdmin.gmtHint'),
        }}
        end={{ name: 'classroom.enddate', label: t('sectionAdmin.classroomEnd') }}
        withTime
      />
      <div className="field-row">
        <Field label={t('sectionAdmin.meetingId')} error={errors?.meetingId} optional>
          {(c) => <input {...c} {...register('classroom.meetingId')} type="text" autoComplete="off" />}
        </Field>
        <Field label={t('sectionAdmin.pwd')} error={errors?.pwd} optional>
          {(c) => <input {...c} {...register('classroom.pwd')} type="text" autoComplete="off" />}
        </Field>
      </div>
      <Field label={t('sectionAdmin.extraInfo')} error={errors?.extraInfo} optional>
        {(c) => <textarea {...c} {...register('classroom.extraInfo')} rows={3} />}
      </Field>

      <fieldset className="form-subsection">
        <legend className="form-subsection__title">{t('sectionAdmin.recordings')}</legend>
        {recordings.fields.length === 0 && <p className="muted">{t('sectionAdmin.noRecordings')}</p>}
        {recordings.fields.map((field, index) => (
          <div key={field.id} className="repeat-row">
            <Field
              label={t('sectionAdmin.recordingUrl', { number: index + 1 })}
              error={errors?.recordings?.[index]?.url}
            >
              {(c) => <input {...c} {...register(`classroom.recordings.${index}.url`)} type="url" />}
            </Field>
            <Field
              label={t('sectionAdmin.recordingTitle', { number: index + 1 })}
              error={errors?.recordings?.[index]?.titel}
              optional
            >
              {(c) => <input {...c} {...register(`classroom.recordings.${index}.titel`)} type="text" />}
            </Field>
            <button
              type="button"
              className="button button--small button--danger-ghost"
              onClick={() => recordings.remove(index)}
            >
              {t('sectionAdmin.removeRecording', { number: index + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => recordings.append({ url: '', titel: '' })}
        >
          {t('sectionAdmin.addRecording')}
        </button>
      </fieldset>

      <fieldset className="form-subsection">
        <legend className="form-subsection__title">{t('sectionAdmin.breakoutrooms')}</legend>
        {rooms.fields.length === 0 && <p className="muted">{t('sectionAdmin.noBreakoutrooms')}</p>}
        {rooms.fields.map((field, index) => {
          const roomErrors = errors?.breakoutrooms?.[index];
          return (
            <div key={field.id} className="repeat-row">
              <div className="field-row">
                <Field label={t('sectionAdmin.roomName', { number: index + 1 })} error={roomErrors?.name}>
                  {(c) => <input {...c} {...register(`classroom.breakoutrooms.${index}.name`)} type="text" />}
                </Field>
                <Field label={t('sectionAdmin.roomNumber')} error={roomErrors?.roomNumber}>
                  {(c) => (
                    <input
                      {...c}
                      {...register(`classroom.breakoutrooms.${index}.roomNumber`, {
                        setValueAs: numberOr(0),
                      })}
                      type="number"
                      min={1}
                      inputMode="numeric"
                    />
                  )}
                </Field>
              </div>
              <div className="field-row">
                <Field label={t('sectionAdmin.roomJitsi')} error={roomErrors?.jitsi}>
                  {(c) => <input {...c} {...register(`classroom.breakoutrooms.${index}.jitsi`)} type="url" />}
                </Field>
                <Field label={t('sectionAdmin.roomStart')} error={roomErrors?.startdate} optional>
                  {(c) => (
                    <input
                      {...c}
                      {...register(`classroom.breakoutrooms.${index}.startdate`)}
                      {...dateTimeInputProps}
                    />
                  )}
                </Field>
              </div>
              <Field
                label={t('sectionAdmin.roomInteriorInfo')}
                error={roomErrors?.breakoutroomInteriorInfo}
                optional
              >
                {(c) => (
                  <textarea
                    {...c}
                    {...register(`classroom.breakoutrooms.${index}.breakoutroomInteriorInfo`)}
                    rows={2}
                  />
                )}
              </Field>
              <button
                type="button"
                className="button button--small button--danger-ghost"
                onClick={() => rooms.remove(index)}
              >
                {t('sectionAdmin.removeRoom', { number: index + 1 })}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() =>
            rooms.append({
              name: '',
              startdate: '',
              jitsi: '',
              roomNumber: rooms.fields.length + 1,
              breakoutroomInteriorInfo: '',
            })
          }
        >
          {t('sectionAdmin.addRoom')}
        </button>
      </fieldset>

      <div className="field-row">
        <Field
          label={t('sectionAdmin.countdown')}
          hint={t('sectionAdmin.countdownHint')}
          error={errors?.breakoutroomCountdown}
          optional
        >
          {(c) => (
            <input
              {...c}
              {...register('classroom.breakoutroomCountdown', { setValueAs: numberOr(0) })}
              type="number"
              min={0}
              max={600}
              inputMode="numeric"
            />
          )}
        </Field>
      </div>
      <Field label={t('sectionAdmin.breakoutroomInfo')} error={errors?.breakoutroomInfo} optional>
        {(c) => <textarea {...c} {...register('classroom.breakoutroomInfo')} rows={3} />}
      </Field>
    </fieldset>
  );
}
