import { type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../ui/form';
import { errorAt, numberInput, type PageFormValues } from './elements';

/**
 * The end of a row of an answer key, whatever it holds (an option, an accepted number or text): its
 * score, a button that removes the row, and the feedback a check may show for it, which takes the
 * whole row under the others. `at` names a field of the row; the labels say which row it is.
 */
export function AnswerRowFields({
  at,
  labels,
  onRemove,
}: {
  at: (field: string) => Path<PageFormValues>;
  labels: { score: string; remove: string; feedback: string; feedbackHint: string };
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<PageFormValues>();
  return (
    <>
      <Field label={labels.score} error={errorAt(formState.errors, at('score'), true)}>
        {(props) => (
          <input
            {...props}
            {...register(at('score'), numberInput)}
            type="number"
            step={1}
            className="input--short"
          />
        )}
      </Field>
      <button
        type="button"
        className="button button--ghost button--small option-row__remove"
        onClick={onRemove}
        aria-label={labels.remove}
      >
        {t('pageEditor.remove')}
      </button>
      <Field
        label={labels.feedback}
        hint={labels.feedbackHint}
        error={errorAt(formState.errors, at('feedback'))}
        optional
      >
        {(props) => <textarea {...props} {...register(at('feedback'))} rows={2} />}
      </Field>
    </>
  );
}
