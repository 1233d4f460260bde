import { useId } from 'react';
import { type Path, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, useErrorText } from '../../../../ui/form';
import { errorAt, freeValue, numberInput, type PageFormValues } from './elements';
import { QuestionLabel, QuestionSettings } from './question-settings';
import { RowValueError } from './row-value-error';

/**
 * An ordering question: its text, the items in the right order (moved with buttons, so by keyboard
 * too; learners get them shuffled), and how it scores: the score once for the whole order, or the
 * score for each item in its place. Item ids come from the editor (item1, item2…) and stay with
 * their item when it moves.
 */
export function OrderingQuestionEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const ids = useId();
  const { control, register, formState } = useFormContext<PageFormValues>();
  const base = `content.${index}`;
  const itemsPath = `${base}.items` as 'content.0.items';
  const items = useFieldArray({ control, name: itemsPath as never });
  const current = (useWatch({ control, name: itemsPath as Path<PageFormValues> }) ?? []) as {
    value: string;
  }[];
  const scoring = useWatch({ control, name: `${base}.scoring` as Path<PageFormValues> }) as string;
  const score = useWatch({ control, name: `${base}.score` as Path<PageFormValues> }) as number;
  const itemsError = useErrorText(
    errorAt(formState.errors, `${itemsPath}.root`) ?? errorAt(formState.errors, itemsPath),
  );
  const at = (field: string) => `${base}.${field}` as Path<PageFormValues>;
  const max = Number.isFinite(score) ? (scoring === 'position' ? score * current.length : score) : 0;

  // As the page editor's element moves: the focus stays on the moved item's button, or on its other
  // one when it reached the end and this one is disabled.
  const buttonId = (direction: 'up' | 'down', fieldId: string) => `${ids}-${direction}-${fieldId}`;
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  return (
    <>
      <QuestionLabel index={index} />
      <fieldset className="options-editor">
        <legend>{t('pageEditor.ordering.items')}</legend>
        <p className="field__hint">{t('pageEditor.ordering.itemsHint')}</p>
        <ol className="options-editor__list">
          {items.fields.map((item, itemIndex) => {
            const path = (field: string) => `${itemsPath}.${itemIndex}.${field}` as Path<PageFormValues>;
            const number = itemIndex + 1;
            const last = itemIndex === items.fields.length - 1;
            return (
              <li key={item.id} className="item-row">
                <Field
                  label={t('pageEditor.ordering.item', { number })}
                  error={errorAt(formState.errors, path('label'))}
                >
                  {(props) => (
                    <input {...props} {...register(path('label'))} type="text" autoComplete="off" />
                  )}
                </Field>
                <div className="item-row__tools">
                  <button
                    id={buttonId('up', item.id)}
                    type="button"
                    className="button button--ghost button--small"
                    disabled={itemIndex === 0}
                    aria-label={t('pageEditor.ordering.moveUp', { number })}
                    onClick={() => {
                      items.move(itemIndex, itemIndex - 1);
                      focusLater(buttonId(itemIndex - 1 === 0 ? 'down' : 'up', item.id));
                    }}
                  >
                    ↑
                  </button>
                  <button
                    id={buttonId('down', item.id)}
                    type="button"
                    className="button button--ghost button--small"
                    disabled={last}
                    aria-label={t('pageEditor.ordering.moveDown', { number })}
                    onClick={() => {
                      items.move(itemIndex, itemIndex + 1);
                      focusLater(
                        buttonId(itemIndex + 1 === items.fields.length - 1 ? 'up' : 'down', item.id),
                      );
                    }}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={t('pageEditor.ordering.remove', { number })}
                    onClick={() => items.remove(itemIndex)}
                  >
                    {t('pageEditor.remove')}
                  </button>
                </div>
                <RowValueError path={path('value')} />
              </li>
            );
          })}
        </ol>
        {itemsError && <p className="field__error">{itemsError}</p>}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() =>
            items.append({
              value: freeValue(
                'item',
                current.map((row) => row.value),
              ),
              label: '',
            } as never)
          }
        >
          {t('pageEditor.ordering.add')}
        </button>
      </fieldset>
      <fieldset className="options-editor">
        <legend>{t('pageEditor.ordering.scoring')}</legend>
        <div className="choice-list">
          <label className="choice">
            <input type="radio" value="all" {...register(at('scoring'))} />
            {t('pageEditor.ordering.scoringAll')}
          </label>
          <label className="choice">
            <input type="radio" value="position" {...register(at('scoring'))} />
            {t('pageEditor.ordering.scoringPosition')}
          </label>
        </div>
        <Field
          label={t(scoring === 'position' ? 'pageEditor.ordering.scorePerItem' : 'pageEditor.ordering.score')}
          hint={t('pageEditor.ordering.maxHint', { max })}
          error={errorAt(formState.errors, at('score'), true)}
        >
          {(props) => (
            <input
              {...props}
              {...register(at('score'), numberInput)}
              type="number"
              min={0}
              max={1000}
              step={1}
              className="input--short"
            />
          )}
        </Field>
      </fieldset>
      <QuestionSettings index={index} />
    </>
  );
}
