import { type Path, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, Field, useErrorText } from '../../../../ui/form';
import { AnswerRowFields } from './answer-row-fields';
import { errorAt, type PageFormValues } from './elements';

/** The names of one accepted text's fields, for its number (1, 2…), and of the add button. */
export interface AcceptedTextLabels {
  row: (number: number) => { text: string; score: string; remove: string; feedback: string };
  add?: string;
}

/**
 * Accepted texts, each with a score and the feedback a check may show for it, and whether case and
 * accents matter when a typed answer is compared: a short-answer question's, or a typed blank's.
 * `path` is the form path of what holds `accepted`, `caseSensitive` and `accentSensitive`.
 */
export function AcceptedTexts({ path, labels }: { path: string; labels: AcceptedTextLabels }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<PageFormValues>();
  const acceptedPath = `${path}.accepted` as 'content.0.accepted';
  const accepted = useFieldArray({ control, name: acceptedPath as never });
  const acceptedError = useErrorText(
    errorAt(formState.errors, `${acceptedPath}.root`) ?? errorAt(formState.errors, acceptedPath),
  );
  const flag = (field: string) => `${path}.${field}` as Path<PageFormValues>;
  return (
    <>
      <p className="field__hint">{t('pageEditor.short.acceptedHint')}</p>
      <ol className="options-editor__list">
        {accepted.fields.map((answer, answerIndex) => {
          const at = (field: string) => `${acceptedPath}.${answerIndex}.${field}` as Path<PageFormValues>;
          const row = labels.row(answerIndex + 1);
          return (
            <li key={answer.id} className="option-row">
              <Field label={row.text} error={errorAt(formState.errors, at('text'))}>
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
                  score: row.score,
                  remove: row.remove,
                  feedback: row.feedback,
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
        aria-label={labels.add}
        onClick={() => accepted.append({ text: '', score: 0, feedback: '' } as never)}
      >
        {t('pageEditor.short.add')}
      </button>
      <CheckboxField label={t('pageEditor.short.caseSensitive')} description={t('pageEditor.short.caseHint')}>
        {(props) => <input {...props} type="checkbox" {...register(flag('caseSensitive'))} />}
      </CheckboxField>
      <CheckboxField
        label={t('pageEditor.short.accentSensitive')}
        description={t('pageEditor.short.accentHint')}
      >
        {(props) => <input {...props} type="checkbox" {...register(flag('accentSensitive'))} />}
      </CheckboxField>
    </>
  );
}
