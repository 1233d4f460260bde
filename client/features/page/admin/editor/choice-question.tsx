import { useId } from 'react';
import { type Path, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { optionSchema } from '../../../../../events/page/content';
import { Field, useErrorText } from '../../../../ui/form';
import { AnswerRowFields } from './answer-row-fields';
import { errorAt, type PageFormValues } from './elements';
import { QuestionLabel, QuestionSettings } from './question-settings';

type OptionValues = z.input<typeof optionSchema>;

/**
 * A single or multiple choice question: its text, the options each with a text, a score (negative
 * scores penalise a wrong choice) and the feedback a check may show for it, and the answering
 * settings. The value each option is
 * stored as sits under 'Advanced' (AdvancedKeys).
 */
export function ChoiceQuestionEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const kindId = useId();
  const { control, register, setValue, formState } = useFormContext<PageFormValues>();
  const base = `content.${index}`;
  const type = useWatch({ control, name: `${base}.type` as Path<PageFormValues> }) as string;
  const optionsPath = `${base}.options` as 'content.0.options';
  const options = useFieldArray({ control, name: optionsPath });
  const current = (useWatch({ control, name: optionsPath }) ?? []) as OptionValues[];
  const optionsError = useErrorText(
    errorAt(formState.errors, `${optionsPath}.root`) ?? errorAt(formState.errors, optionsPath),
  );

  const setKind = (kind: 'radio' | 'checkbox') => {
    setValue(`${base}.type` as Path<PageFormValues>, kind as never, { shouldDirty: true });
    setValue(
      `${base}.questionType` as Path<PageFormValues>,
      (kind === 'radio' ? 'single' : 'multiple') as never,
      {
        shouldDirty: true,
      },
    );
  };

  const addOption = () => {
    const taken = current.map((option) => option.value);
    let n = current.length + 1;
    while (taken.includes(`option${n}`)) n += 1;
    options.append({ label: '', value: `option${n}`, score: 0, feedback: '' });
  };

  return (
    <>
      <fieldset className="field">
        <legend className="field__label">{t('pageEditor.choice.kind')}</legend>
        <div className="choice-row">
          <label className="choice">
            <input
              type="radio"
              name={`${kindId}-kind`}
              checked={type === 'radio'}
              onChange={() => setKind('radio')}
            />
            {t('pageEditor.elements.radio')}
          </label>
          <label className="choice">
            <input
              type="radio"
              name={`${kindId}-kind`}
              checked={type === 'checkbox'}
              onChange={() => setKind('checkbox')}
            />
            {t('pageEditor.elements.checkbox')}
          </label>
        </div>
      </fieldset>
      <QuestionLabel index={index} />
      <fieldset className="options-editor">
        <legend>{t('pageEditor.choice.options')}</legend>
        <p className="field__hint">{t('pageEditor.choice.optionsHint')}</p>
        <ol className="options-editor__list">
          {options.fields.map((option, optionIndex) => {
            const at = (field: string) => `${optionsPath}.${optionIndex}.${field}` as Path<PageFormValues>;
            const number = optionIndex + 1;
            return (
              <li key={option.id} className="option-row">
                <Field
                  label={t('pageEditor.choice.optionLabel', { number })}
                  error={errorAt(formState.errors, at('label'))}
                >
                  {(props) => <input {...props} {...register(at('label'))} type="text" autoComplete="off" />}
                </Field>
                <AnswerRowFields
                  at={at}
                  labels={{
                    score: t('pageEditor.choice.optionScore', { number }),
                    remove: t('pageEditor.choice.removeOption', { number }),
                    feedback: t('pageEditor.choice.optionFeedback', { number }),
                    feedbackHint: t('pageEditor.choice.optionFeedbackHint'),
                  }}
                  onRemove={() => options.remove(optionIndex)}
                />
              </li>
            );
          })}
        </ol>
        {optionsError && <p className="field__error">{optionsError}</p>}
        <button type="button" className="button button--ghost button--small" onClick={addOption}>
          {t('pageEditor.choice.addOption')}
        </button>
      </fieldset>
      <QuestionSettings index={index} />
    </>
  );
}
