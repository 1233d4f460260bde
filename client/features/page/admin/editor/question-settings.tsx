import type { Path } from 'react-hook-form';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, Field } from '../../../../ui/form';
import { errorAt, numberInput, type PageFormValues } from './elements';

/** What every question has: its text, and how answering it behaves (attempts, auto-show, info). */
export function QuestionLabel({ index }: { index: number }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<PageFormValues>();
  const path = `content.${index}.label` as Path<PageFormValues>;
  return (
    <Field label={t('pageEditor.question.label')} error={errorAt(formState.errors, path)}>
      {(control) => <textarea {...control} {...register(path)} rows={2} />}
    </Field>
  );
}

export function QuestionSettings({ index, open = false }: { index: number; open?: boolean }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<PageFormValues>();
  const at = (field: string) => `content.${index}.schema.${field}` as Path<PageFormValues>;
  return (
    <fieldset className="element-settings">
      <legend>{t('pageEditor.question.settings')}</legend>
      <div className="field-grid">
        <Field
          label={t('pageEditor.question.attempts')}
          hint={t('pageEditor.question.attemptsHint')}
          error={errorAt(formState.errors, at('attempts'), true)}
        >
          {(control) => (
            <input
              {...control}
              {...register(at('attempts'), numberInput)}
              type="number"
              min={0}
              max={100}
              step={1}
            />
          )}
        </Field>
        {open && (
          <Field
            label={t('pageEditor.question.maxScore')}
            hint={t('pageEditor.question.maxScoreHint')}
            error={errorAt(formState.errors, at('maxScore'), true)}
          >
            {(control) => (
              <input
                {...control}
                {...register(at('maxScore'), numberInput)}
                type="number"
                min={0}
                max={1000}
                step={1}
              />
            )}
          </Field>
        )}
      </div>
      <CheckboxField
        label={t('pageEditor.question.autoShow')}
        description={t('pageEditor.question.autoShowHint')}
      >
        {(control) => <input {...control} type="checkbox" {...register(at('autoShow'))} />}
      </CheckboxField>
      <Field
        label={t('pageEditor.question.info')}
        hint={t('pageEditor.question.infoHint')}
        optional
        error={errorAt(formState.errors, at('info'))}
      >
        {(control) => <textarea {...control} {...register(at('info'))} rows={2} />}
      </Field>
    </fieldset>
  );
}
