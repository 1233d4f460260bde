import { type Path, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, Field, useErrorText } from '../../../../ui/form';
import { AnswerRowFields } from './answer-row-fields';
import { errorAt, type PageFormValues } from './elements';
import { QuestionLabel, QuestionSettings } from './question-settings';

/**
 * A short-answer question: its text, the accepted texts each with a score and the feedback a check
 * may show for it, and whether case and accents matter when a typed answer is compared (they do not
 * unless the author says so; `*` in an accepted text stands for any characters).
 */
export function ShortQuestionEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<PageFormValues>();
  const base = `content.${index}`;
  const acceptedPath = `${base}.accepted` as 'content.0.accepted';
  const accepted = useFieldArray({ control, name: acceptedPath as never });
  const acceptedError = useErrorText(
    errorAt(formState.errors, `${acceptedPath}.root`) ?? errorAt(formState.errors, acceptedPath),
  );
  const flag = (field: string) => `${base}.${field}` as Path<PageFormValues>;

  return (
    <>
      <QuestionLabel index={index} />
      <fieldset className="options-editor">
        <legend>{t('pageEditor.short.accepted')}</legend>
        <p className="field__hint">{t('pageEditor.short.acceptedHint')}</p>
        <ol className="options-editor__list">
          {accepted.fields.map((answer, answerIndex) => {
            const at = (field: string) => `${acceptedPath}.${answerIndex}.${field}` as Path<PageFormValues>;
            const number = answerIndex + 1;
            return (
              <li key={answer.id} className="option-row">
                <Field
                  label={t('pageEditor.short.text', { number })}
                  error={errorAt(formState.errors, at('text'))}
                >
                  {(props) => (
                    <input
                      {...props}
                      {...register(at('text'))}
                      type="text"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={500}
                    />
                  )}
                </Field>
                <AnswerRowFields
                  at={at}
                  labels={{
                    score: t('pageEditor.short.score', { number }),
                    remove: t('pageEditor.short.remove', { number }),
                    feedback: t('pageEditor.short.feedback', { number }),
                    feedbackHint: t('pageEditor.short.feedbackHint'),
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
          onClick={() => accepted.append({ text: '', score: 0, feedback: '' } as never)}
        >
          {t('pageEditor.short.add')}
        </button>
        <CheckboxField
          label={t('pageEditor.short.caseSensitive')}
          description={t('pageEditor.short.caseHint')}
        >
          {(props) => <input {...props} type="checkbox" {...register(flag('caseSensitive'))} />}
        </CheckboxField>
        <CheckboxField
          label={t('pageEditor.short.accentSensitive')}
          description={t('pageEditor.short.accentHint')}
        >
          {(props) => <input {...props} type="checkbox" {...register(flag('accentSensitive'))} />}
        </CheckboxField>
      </fieldset>
      <QuestionSettings index={index} />
    </>
  );
}
