import { useId, useRef, useState } from 'react';
import { type Path, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, useErrorText } from '../../../../ui/form';
import { AcceptedTexts } from './accepted-texts';
import { AnswerRowFields } from './answer-row-fields';
import { blankNumbers, insertBlank, removeBlank, toSelectGap, toTextGap } from './blanks';
import { errorAt, freeValue, newTextGap, type PageFormValues } from './elements';
import { QuestionLabel, QuestionSettings } from './question-settings';
import { RowValueError } from './row-value-error';

type GapValues = Parameters<typeof toTextGap>[0] | Parameters<typeof toSelectGap>[0];

/**
 * A fill-in-the-blanks question: its text with the blanks as [[1]], [[2]]…, put in by a button at
 * the cursor, and per blank how it is filled in: typed (accepted texts as a short answer has) or
 * chosen from a list (options with scores). Inserting or removing a blank renumbers the others, so
 * text and blanks stay in step; a text edited by hand out of step is refused at the text.
 */
export function FillBlanksQuestionEditor({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, register, formState, getValues, setValue } = useFormContext<PageFormValues>();
  const base = `content.${index}`;
  const textPath = `${base}.text` as Path<PageFormValues>;
  const gapsPath = `${base}.gaps` as 'content.0.gaps';
  const gaps = useFieldArray({ control, name: gapsPath as never });
  const text = (useWatch({ control, name: textPath }) ?? '') as string;
  const gapsError = useErrorText(
    errorAt(formState.errors, `${gapsPath}.root`) ?? errorAt(formState.errors, gapsPath),
  );
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const insertButton = useRef<HTMLButtonElement | null>(null);
  const [status, setStatus] = useState('');
  const textField = register(textPath);
  const inText = new Set(blankNumbers(text));

  const insert = () => {
    const input = textarea.current;
    const current = (getValues(textPath) ?? '') as string;
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? start;
    const { value, cursor, index: at } = insertBlank(current, start, end);
    setValue(textPath, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    gaps.insert(at, newTextGap() as never, { shouldFocus: false });
    setStatus(t('pageEditor.fillBlanks.inserted', { number: at + 1 }));
    // Back to the text, after the new marker, to go on writing.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(cursor, cursor);
    });
  };

  const remove = (gapIndex: number) => {
    const current = (getValues(textPath) ?? '') as string;
    setValue(textPath, removeBlank(current, gapIndex) as never, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
    gaps.remove(gapIndex);
    setStatus(t('pageEditor.fillBlanks.removed', { number: gapIndex + 1 }));
    insertButton.current?.focus();
  };

  return (
    <>
      <QuestionLabel index={index} />
      <Field
        label={t('pageEditor.fillBlanks.text')}
        hint={t('pageEditor.fillBlanks.textHint')}
        error={errorAt(formState.errors, textPath)}
      >
        {(props) => (
          <textarea
            {...props}
            {...textField}
            ref={(element) => {
              textField.ref(element);
              textarea.current = element;
            }}
            rows={5}
            className="markdown-editor__input"
          />
        )}
      </Field>
      <div className="blanks-insert">
        <button
          ref={insertButton}
          type="button"
          className="button button--ghost button--small"
          onClick={insert}
          disabled={gaps.fields.length >= 30}
        >
          {t('pageEditor.fillBlanks.insert')}
        </button>
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </div>
      <ol className="options-editor__list blanks-list">
        {gaps.fields.map((gap, gapIndex) => (
          <li key={gap.id}>
            <GapEditor
              path={`${gapsPath}.${gapIndex}`}
              number={gapIndex + 1}
              inText={inText.has(gapIndex + 1)}
              onRemove={() => remove(gapIndex)}
            />
          </li>
        ))}
      </ol>
      {gapsError && <p className="field__error">{gapsError}</p>}
      <QuestionSettings index={index} />
    </>
  );
}

function GapEditor({
  path,
  number,
  inText,
  onRemove,
}: {
  path: string;
  number: number;
  inText: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const kindName = useId();
  const { control, getValues, setValue } = useFormContext<PageFormValues>();
  const kind = useWatch({ control, name: `${path}.kind` as Path<PageFormValues> }) as GapValues['kind'];

  const setKind = (next: GapValues['kind']) => {
    const gap = getValues(path as Path<PageFormValues>) as unknown as GapValues;
    if (gap.kind === next) return;
    const changed = gap.kind === 'text' ? toSelectGap(gap) : toTextGap(gap);
    setValue(path as Path<PageFormValues>, changed as never, { shouldDirty: true });
  };

  return (
    <fieldset className="options-editor blank">
      <legend>{t('pageEditor.fillBlanks.gap', { number })}</legend>
      {!inText && (
        <p className="field__hint blank__missing">{t('pageEditor.fillBlanks.notInText', { number })}</p>
      )}
      <div className="blank__header">
        <fieldset className="field blank__kind">
          <legend className="field__label">{t('pageEditor.fillBlanks.kind', { number })}</legend>
          <div className="choice-row">
            <label className="choice">
              <input
                type="radio"
                name={kindName}
                checked={kind === 'text'}
                onChange={() => setKind('text')}
              />
              {t('pageEditor.fillBlanks.kindText')}
            </label>
            <label className="choice">
              <input
                type="radio"
                name={kindName}
                checked={kind === 'select'}
                onChange={() => setKind('select')}
              />
              {t('pageEditor.fillBlanks.kindSelect')}
            </label>
          </div>
        </fieldset>
        <button
          type="button"
          className="button button--danger-ghost button--small"
          aria-label={t('pageEditor.fillBlanks.removeGap', { number })}
          onClick={onRemove}
        >
          {t('pageEditor.remove')}
        </button>
      </div>
      {kind === 'select' ? (
        <SelectGapOptions key="select" path={path} gap={number} />
      ) : (
        <TextGapAnswers key="text" path={path} gap={number} />
      )}
    </fieldset>
  );
}

/** A typed blank's accepted texts, and whether case and accents matter, as a short answer's. */
function TextGapAnswers({ path, gap }: { path: string; gap: number }) {
  const { t } = useTranslation();
  return (
    <AcceptedTexts
      path={path}
      labels={{
        row: (number) => ({
          text: t('pageEditor.fillBlanks.answerText', { gap, number }),
          score: t('pageEditor.fillBlanks.answerScore', { gap, number }),
          remove: t('pageEditor.fillBlanks.removeAnswer', { gap, number }),
          feedback: t('pageEditor.fillBlanks.answerFeedback', { gap, number }),
        }),
        add: t('pageEditor.fillBlanks.addAnswer', { gap }),
      }}
    />
  );
}

/** A list blank's options, each with a score and feedback; their values come from the editor. */
function SelectGapOptions({ path, gap }: { path: string; gap: number }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<PageFormValues>();
  const optionsPath = `${path}.options` as 'content.0.options';
  const options = useFieldArray({ control, name: optionsPath as never });
  const current = (useWatch({ control, name: optionsPath as Path<PageFormValues> }) ?? []) as {
    value: string;
  }[];
  const optionsError = useErrorText(
    errorAt(formState.errors, `${optionsPath}.root`) ?? errorAt(formState.errors, optionsPath),
  );
  return (
    <>
      <p className="field__hint">{t('pageEditor.fillBlanks.optionsHint')}</p>
      <ol className="options-editor__list">
        {options.fields.map((option, optionIndex) => {
          const at = (field: string) => `${optionsPath}.${optionIndex}.${field}` as Path<PageFormValues>;
          const number = optionIndex + 1;
          return (
            <li key={option.id} className="option-row">
              <Field
                label={t('pageEditor.fillBlanks.optionText', { gap, number })}
                error={errorAt(formState.errors, at('label'))}
              >
                {(props) => <input {...props} {...register(at('label'))} type="text" autoComplete="off" />}
              </Field>
              <AnswerRowFields
                at={at}
                labels={{
                  score: t('pageEditor.fillBlanks.optionScore', { gap, number }),
                  remove: t('pageEditor.fillBlanks.removeOption', { gap, number }),
                  feedback: t('pageEditor.fillBlanks.optionFeedback', { gap, number }),
                  feedbackHint: t('pageEditor.choice.optionFeedbackHint'),
                }}
                onRemove={() => options.remove(optionIndex)}
              />
              <RowValueError path={at('value')} />
            </li>
          );
        })}
      </ol>
      {optionsError && <p className="field__error">{optionsError}</p>}
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={t('pageEditor.fillBlanks.addOption', { gap })}
        onClick={() =>
          options.append({
            label: '',
            value: freeValue(
              'option',
              current.map((row) => row.value),
            ),
            score: 0,
            feedback: '',
          } as never)
        }
      >
        {t('pageEditor.choice.addOption')}
      </button>
    </>
  );
}
