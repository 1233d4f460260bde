import { type Path, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, useErrorText } from '../../../../ui/form';
import { AnswerRowFields } from './answer-row-fields';
import { errorAt, freeValue, newPair, type PageFormValues } from './elements';
import { QuestionLabel, QuestionSettings } from './question-settings';
import { RowValueError } from './row-value-error';

type Row = { value: string };

/**
 * A matching question: its text, the pairs (a prompt, its right match, the score for matching it
 * and the feedback a check may show for it) and extra matches that fit no prompt. The ids the
 * answers name them by come from the editor (pair1, distractor1…), unique among pairs and extras
 * together, and stay with their row when others are added or removed.
 */
export function MatchingQuestionEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, register, formState, getValues } = useFormContext<PageFormValues>();
  const base = `content.${index}`;
  const pairsPath = `${base}.pairs` as 'content.0.pairs';
  const distractorsPath = `${base}.distractors` as 'content.0.distractors';
  const pairs = useFieldArray({ control, name: pairsPath as never });
  const distractors = useFieldArray({ control, name: distractorsPath as never });
  const pairsError = useErrorText(
    errorAt(formState.errors, `${pairsPath}.root`) ?? errorAt(formState.errors, pairsPath),
  );
  const taken = () =>
    [
      ...((getValues(pairsPath as Path<PageFormValues>) ?? []) as Row[]),
      ...((getValues(distractorsPath as Path<PageFormValues>) ?? []) as Row[]),
    ].map((row) => row.value);

  return (
    <>
      <QuestionLabel index={index} />
      <fieldset className="options-editor">
        <legend>{t('pageEditor.matching.pairs')}</legend>
        <p className="field__hint">{t('pageEditor.matching.pairsHint')}</p>
        <ol className="options-editor__list">
          {pairs.fields.map((pair, pairIndex) => {
            const at = (field: string) => `${pairsPath}.${pairIndex}.${field}` as Path<PageFormValues>;
            const number = pairIndex + 1;
            return (
              <li key={pair.id} className="option-row pair-row">
                <Field
                  label={t('pageEditor.matching.prompt', { number })}
                  error={errorAt(formState.errors, at('prompt'))}
                >
                  {(props) => <input {...props} {...register(at('prompt'))} type="text" autoComplete="off" />}
                </Field>
                <Field
                  label={t('pageEditor.matching.match', { number })}
                  error={errorAt(formState.errors, at('match'))}
                >
                  {(props) => <input {...props} {...register(at('match'))} type="text" autoComplete="off" />}
                </Field>
                <AnswerRowFields
                  at={at}
                  labels={{
                    score: t('pageEditor.matching.score', { number }),
                    remove: t('pageEditor.matching.remove', { number }),
                    feedback: t('pageEditor.matching.feedback', { number }),
                    feedbackHint: t('pageEditor.matching.feedbackHint'),
                  }}
                  onRemove={() => pairs.remove(pairIndex)}
                />
                <RowValueError path={at('value')} />
              </li>
            );
          })}
        </ol>
        {pairsError && <p className="field__error">{pairsError}</p>}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => pairs.append(newPair(taken()) as never)}
        >
          {t('pageEditor.matching.add')}
        </button>
      </fieldset>
      <fieldset className="options-editor">
        <legend>{t('pageEditor.matching.distractors')}</legend>
        <p className="field__hint">{t('pageEditor.matching.distractorsHint')}</p>
        {distractors.fields.length > 0 && (
          <ol className="options-editor__list">
            {distractors.fields.map((distractor, distractorIndex) => {
              const at = (field: string) =>
                `${distractorsPath}.${distractorIndex}.${field}` as Path<PageFormValues>;
              const number = distractorIndex + 1;
              return (
                <li key={distractor.id} className="item-row">
                  <Field
                    label={t('pageEditor.matching.distractor', { number })}
                    error={errorAt(formState.errors, at('label'))}
                  >
                    {(props) => (
                      <input {...props} {...register(at('label'))} type="text" autoComplete="off" />
                    )}
                  </Field>
                  <div className="item-row__tools">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={t('pageEditor.matching.removeDistractor', { number })}
                      onClick={() => distractors.remove(distractorIndex)}
                    >
                      {t('pageEditor.remove')}
                    </button>
                  </div>
                  <RowValueError path={at('value')} />
                </li>
              );
            })}
          </ol>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => distractors.append({ value: freeValue('distractor', taken()), label: '' } as never)}
        >
          {t('pageEditor.matching.addDistractor')}
        </button>
      </fieldset>
      <QuestionSettings index={index} />
    </>
  );
}
