import { useState } from 'react';
import { type FieldError, type Path, useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseNumber } from '../../../../../events/page/question-types/numeric-score';
import { type ControlProps, Field, useErrorText } from '../../../../ui/form';
import { AnswerRowFields } from './answer-row-fields';
import { errorAt, type PageFormValues } from './elements';
import { QuestionLabel, QuestionSettings } from './question-settings';

/**
 * A numeric question: its text, the unit shown after the learner's input, and the accepted answers,
 * each a value with a tolerance (value ± tolerance counts), a score and the feedback a check may show
 * for it; the best accepted answer that covers the typed number scores.
 */
export function NumericQuestionEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<PageFormValues>();
  const base = `content.${index}`;
  const acceptedPath = `${base}.accepted` as 'content.0.accepted';
  const accepted = useFieldArray({ control, name: acceptedPath as never });
  const acceptedError = useErrorText(
    errorAt(formState.errors, `${acceptedPath}.root`) ?? errorAt(formState.errors, acceptedPath),
  );
  const unitPath = `${base}.unit` as Path<PageFormValues>;

  return (
    <>
      <QuestionLabel index={index} />
      <Field
        label={t('pageEditor.numeric.unit')}
        hint={t('pageEditor.numeric.unitHint')}
        error={errorAt(formState.errors, unitPath)}
        optional
      >
        {(props) => (
          <input {...props} {...register(unitPath)} type="text" autoComplete="off" className="input--short" />
        )}
      </Field>
      <fieldset className="options-editor">
        <legend>{t('pageEditor.numeric.accepted')}</legend>
        <p className="field__hint">{t('pageEditor.numeric.acceptedHint')}</p>
        <ol className="options-editor__list">
          {accepted.fields.map((answer, answerIndex) => {
            const at = (field: string) => `${acceptedPath}.${answerIndex}.${field}` as Path<PageFormValues>;
            const number = answerIndex + 1;
            return (
              <li key={answer.id} className="option-row accepted-row">
                <Field
                  label={t('pageEditor.numeric.value', { number })}
                  error={numberError(errorAt(formState.errors, at('value')))}
                >
                  {(props) => <DecimalInput {...props} name={at('value')} />}
                </Field>
                <Field
                  label={t('pageEditor.numeric.tolerance', { number })}
                  error={numberError(errorAt(formState.errors, at('tolerance')))}
                >
                  {(props) => <DecimalInput {...props} name={at('tolerance')} />}
                </Field>
                <AnswerRowFields
                  at={at}
                  labels={{
                    score: t('pageEditor.numeric.score', { number }),
                    remove: t('pageEditor.numeric.remove', { number }),
                    feedback: t('pageEditor.numeric.feedback', { number }),
                    feedbackHint: t('pageEditor.numeric.feedbackHint'),
                  }}
                  onRemove={() => accepted.remove(answerIndex)}
                />
              </li>
            );
          })}
        </ol>
        {acceptedError && <p className="field__error">{acceptedError}</p>}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() =>
            accepted.append({ value: Number.NaN, tolerance: 0, score: 0, feedback: '' } as never)
          }
        >
          {t('pageEditor.numeric.add')}
        </button>
      </fieldset>
      <QuestionSettings index={index} />
    </>
  );
}

/**
 * Zod's own message for a number that is not one ("expected number, received NaN") is no key: it
 * reads as "type a number", with an example in the interface language's way of writing decimals.
 */
const numberError = (error: FieldError | undefined): FieldError | undefined =>
  error?.message && /\s/.test(error.message) ? { ...error, message: 'result.notANumber' } : error;

/**
 * A decimal typed as text, so '12,5' works as well as '12.5' whatever the browser's language (a
 * number input refuses one of them); the form keeps the number, NaN while the text is none.
 */
function DecimalInput({ name, ...props }: ControlProps & { name: Path<PageFormValues> }) {
  const { field } = useController<PageFormValues>({ name });
  const [text, setText] = useState(() =>
    typeof field.value === 'number' && Number.isFinite(field.value) ? String(field.value) : '',
  );
  return (
    <input
      {...props}
      ref={field.ref}
      name={field.name}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className="input--short"
      value={text}
      onBlur={field.onBlur}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(parseNumber(event.target.value) ?? Number.NaN);
      }}
    />
  );
}
