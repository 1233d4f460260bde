import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, Field } from '../../../../ui/form';
import { CaptionTracksEditor } from './captions';
import {
  type ElementValues,
  errorAt,
  isQuestionValues,
  minutesOf,
  numberInput,
  type PageFormValues,
} from './elements';
import { MinutesInput } from './minutes-input';

/**
 * An interactive video: the video, whether to show it, the expected watch time, and the moments
 * (hh:mm:ss) where playback pauses to ask some of this page's questions.
 */
export function InteractiveVideoEditor() {
  const { t } = useTranslation();
  const { control, register, setValue, formState } = useFormContext<PageFormValues>();
  const timestamps = useFieldArray({ control, name: 'interactiveVideo.timestamps' });
  const content = (useWatch({ control, name: 'content' }) ?? []) as ElementValues[];
  const current = (useWatch({ control, name: 'interactiveVideo.timestamps' }) ?? []) as {
    references?: string[];
  }[];
  const videoTime = useWatch({ control, name: 'interactiveVideo.videoTime' }) as number | undefined;
  const questions = content.filter(isQuestionValues) as Extract<ElementValues, { label: string }>[];
  const errors = formState.errors;

  const toggleReference = (row: number, name: string, on: boolean) => {
    const references = current[row]?.references ?? [];
    setValue(
      `interactiveVideo.timestamps.${row}.references`,
      on ? [...references.filter((item) => item !== name), name] : references.filter((item) => item !== name),
      { shouldDirty: true },
    );
  };

  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t('pageEditor.interactive.title')}</legend>
      <Field label={t('pageEditor.interactive.url')} error={errorAt(errors, 'interactiveVideo.url')}>
        {(props) => (
          <input
            {...props}
            {...register('interactiveVideo.url')}
            type="url"
            inputMode="url"
            autoComplete="off"
          />
        )}
      </Field>
      <CheckboxField
        label={t('pageEditor.interactive.show')}
        description={t('pageEditor.interactive.showHint')}
      >
        {(props) => <input {...props} type="checkbox" {...register('interactiveVideo.show')} />}
      </CheckboxField>
      <Field
        label={t('pageEditor.interactive.videoTime')}
        hint={t('pageEditor.minutesHint', { count: minutesOf(videoTime ?? 0) })}
        error={errorAt(errors, 'interactiveVideo.videoTime', true)}
      >
        {(props) => <MinutesInput name="interactiveVideo.videoTime" control={props} />}
      </Field>
      <CaptionTracksEditor base="interactiveVideo" />

      <h3 className="timestamps__title">{t('pageEditor.interactive.timestamps')}</h3>
      <p className="field__hint">{t('pageEditor.interactive.timestampsHint')}</p>
      {timestamps.fields.length === 0 && <p className="muted">{t('pageEditor.interactive.noTimestamps')}</p>}
      <ol className="timestamps">
        {timestamps.fields.map((timestamp, row) => {
          const number = row + 1;
          const at = (field: 'hh' | 'mm' | 'ss') => `interactiveVideo.timestamps.${row}.${field}` as const;
          const references = current[row]?.references ?? [];
          return (
            <li key={timestamp.id} className="timestamp-row">
              <fieldset>
                <legend>{t('pageEditor.interactive.timestamp', { number })}</legend>
                <div className="timestamp-row__time">
                  <Field label={t('pageEditor.interactive.hh')} error={errorAt(errors, at('hh'), true)}>
                    {(props) => (
                      <input
                        {...props}
                        {...register(at('hh'), numberInput)}
                        type="number"
                        min={0}
                        step={1}
                        className="input--short"
                      />
                    )}
                  </Field>
                  <Field label={t('pageEditor.interactive.mm')} error={errorAt(errors, at('mm'), true)}>
                    {(props) => (
                      <input
                        {...props}
                        {...register(at('mm'), numberInput)}
                        type="number"
                        min={0}
                        max={59}
                        step={1}
                        className="input--short"
                      />
                    )}
                  </Field>
                  <Field label={t('pageEditor.interactive.ss')} error={errorAt(errors, at('ss'), true)}>
                    {(props) => (
                      <input
                        {...props}
                        {...register(at('ss'), numberInput)}
                        type="number"
                        min={0}
                        max={59}
                        step={1}
                        className="input--short"
                      />
                    )}
                  </Field>
                </div>
                <fieldset className="field">
                  <legend className="field__label">{t('pageEditor.interactive.references')}</legend>
                  {questions.length === 0 ? (
                    <p className="muted">{t('pageEditor.interactive.noQuestions')}</p>
                  ) : (
                    <div className="choice-row">
                      {questions.map((question) => (
                        <label key={question.name} className="choice">
                          <input
                            type="checkbox"
                            checked={references.includes(question.name)}
                            onChange={(event) => toggleReference(row, question.name, event.target.checked)}
                          />
                          {question.label?.trim() ? `${question.label} (${question.name})` : question.name}
                        </label>
                      ))}
                    </div>
                  )}
                  {references.some((name) => !questions.some((question) => question.name === name)) && (
                    <p className="field__error">{t('pageErrors.unknownReference')}</p>
                  )}
                </fieldset>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => timestamps.remove(row)}
                  aria-label={t('pageEditor.interactive.removeTimestamp', { number })}
                >
                  {t('pageEditor.remove')}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => timestamps.append({ hh: 0, mm: 0, ss: 0, references: [] })}
      >
        {t('pageEditor.interactive.addTimestamp')}
      </button>
    </fieldset>
  );
}
