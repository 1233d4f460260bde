import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { moduleInputSchema } from '../../../../events/module/commands';
import { checkRevealsOptions, gateOptions, randomizeOptions } from '../../../../events/module/events';
import { languages } from '../../../../events/shared/fields';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { useImageChoices } from '../../../ui/admin/api/get-files';
import { useNotice } from '../../../ui/admin/content-form-helpers';
import { CheckboxField, Field, SubmitButton, useErrorText } from '../../../ui/form';
import { ImageField } from '../../../ui/image-field';
import type { ModuleFormValues } from './module-form-values';

const knownFields = [
  'name',
  'language',
  'info',
  'image.name',
  'image.alt',
  'gateProgress',
  'randomized',
  'gateConfig',
  'checkReveals',
] as const;

/**
 * The module form (docs/guide/modules-and-pages.md): name, language, info, visibility, and the
 * kind. A test offers anonymous pages and shuffling; choosing normal clears them. Blocking progress
 * cannot go with a test: the checkbox is disabled and says why (the shared schema and the server
 * refuse it too). `save` runs the mutation and answers the success text; a refusal shows in a
 * danger alert and next to the fields it names.
 */
export function ModuleForm({
  defaultValues,
  save,
  submitLabel,
  readOnly = false,
  children,
}: {
  defaultValues: ModuleFormValues;
  save: (values: ModuleFormValues) => Promise<string | null>;
  submitLabel: string;
  readOnly?: boolean;
  /** Extra actions next to the submit button (cancel link). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const kindId = useId();
  const { setNotice, view: notice } = useNotice();
  const form = useForm({
    resolver: zodResolver(moduleInputSchema, undefined, { raw: true }),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const test = form.watch('test');
  const gateProgress = form.watch('gateProgress');
  const gateConfig = form.watch('gateConfig') ?? [];
  const gateError = useErrorText(errors.gateProgress);
  const image = form.watch('image');
  const imageChoices = useImageChoices();
  // Once the author picks what a check reveals, changing the kind no longer picks it for them.
  const revealsChosen = useRef(false);

  const setKind = (isTest: boolean) => {
    const options = { shouldDirty: true } as const;
    form.setValue('test', isTest, options);
    if (!revealsChosen.current) {
      const initial = defaultValues.checkReveals ?? 'feedback';
      form.setValue(
        'checkReveals',
        isTest ? 'nothing' : initial === 'nothing' ? 'feedback' : initial,
        options,
      );
    }
    if (isTest) {
      form.setValue('gateProgress', false, options);
      form.setValue('gateConfig', [], options);
      form.clearErrors('gateProgress');
    } else {
      form.setValue('anonymousPages', false, options);
      form.setValue('randomized', [], options);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const text = await save(values);
      if (text) {
        form.reset(values);
        setNotice({ tone: 'success', text });
      }
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, knownFields, 'module.');
      setNotice({ tone: 'danger', text: problem.message ?? t('form.unreachable') });
    }
  });

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="form-section" disabled={readOnly}>
        <legend className="form-section__title">{t('moduleAdmin.form.general')}</legend>
        <Field label={t('moduleAdmin.form.name')} error={errors.name}>
          {(control) => <input {...control} {...form.register('name')} type="text" autoComplete="off" />}
        </Field>
        <fieldset className="field" aria-invalid={errors.language ? true : undefined}>
          <legend className="field__label">{t('moduleAdmin.form.language')}</legend>
          <div className="choice-row">
            {languages.map((code) => (
              <label key={code} className="choice">
                <input type="radio" value={code} {...form.register('language')} />
                {t(`languages.${code}`)}
              </label>
            ))}
          </div>
          <FieldErrorText error={errors.language?.message} />
        </fieldset>
        <Field label={t('moduleAdmin.form.info')} optional error={errors.info}>
          {(control) => <textarea {...control} {...form.register('info')} rows={5} />}
        </Field>
      </fieldset>

      <ImageField
        legend={t('moduleAdmin.form.image')}
        value={image ?? { name: '', alt: '' }}
        onChange={(next) =>
          form.setValue('image', next.name ? next : null, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
        errors={{ name: errors.image?.name, alt: errors.image?.alt }}
        readOnly={readOnly}
        choices={imageChoices}
      />

      <fieldset className="form-section" disabled={readOnly}>
        <legend className="form-section__title">{t('moduleAdmin.form.visibility')}</legend>
        <CheckboxField label={t('moduleAdmin.form.public')} description={t('moduleAdmin.form.publicHint')}>
          {(control) => <input {...control} type="checkbox" {...form.register('public')} />}
        </CheckboxField>
        <CheckboxField label={t('moduleAdmin.form.onHome')}>
          {(control) => <input {...control} type="checkbox" {...form.register('onHome')} />}
        </CheckboxField>
        <CheckboxField
          label={t('moduleAdmin.form.showCorrect')}
          description={t('moduleAdmin.form.showCorrectHint')}
        >
          {(control) => <input {...control} type="checkbox" {...form.register('showCorrect')} />}
        </CheckboxField>
      </fieldset>

      <fieldset className="form-section" disabled={readOnly}>
        <legend className="form-section__title">{t('moduleAdmin.form.kind')}</legend>
        <div className="choice-row">
          <label className="choice">
            <input type="radio" name={`${kindId}-kind`} checked={!test} onChange={() => setKind(false)} />
            {t('moduleAdmin.kind.normal')}
          </label>
          <label className="choice">
            <input
              type="radio"
              name={`${kindId}-kind`}
              checked={Boolean(test)}
              onChange={() => setKind(true)}
            />
            {t('moduleAdmin.kind.test')}
          </label>
        </div>
        {test ? (
          <div className="form-subsection">
            <CheckboxField
              label={t('moduleAdmin.form.anonymousPages')}
              description={t('moduleAdmin.form.anonymousPagesHint')}
            >
              {(control) => <input {...control} type="checkbox" {...form.register('anonymousPages')} />}
            </CheckboxField>
            <fieldset className="field">
              <legend className="field__label">{t('moduleAdmin.form.randomized')}</legend>
              <div className="choice-row">
                {randomizeOptions.map((option) => (
                  <label key={option} className="choice">
                    <input type="checkbox" value={option} {...form.register('randomized')} />
                    {t(`moduleAdmin.randomize.${option}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        ) : (
          <p className="muted">{t('moduleAdmin.form.normalHint')}</p>
        )}
      </fieldset>

      <fieldset className="form-section" disabled={readOnly} aria-describedby={`${kindId}-reveals-hint`}>
        <legend className="form-section__title">{t('moduleAdmin.form.checkReveals.legend')}</legend>
        <p id={`${kindId}-reveals-hint`} className="muted">
          {t('moduleAdmin.form.checkReveals.hint')}
        </p>
        {checkRevealsOptions.map((option) => (
          <CheckboxField
            key={option}
            label={t(`moduleAdmin.form.checkReveals.${option}`)}
            description={t(`moduleAdmin.form.checkReveals.${option}Hint`)}
          >
            {(control) => (
              <input
                {...control}
                type="radio"
                value={option}
                {...form.register('checkReveals', {
                  onChange: () => {
                    revealsChosen.current = true;
                  },
                })}
              />
            )}
          </CheckboxField>
        ))}
      </fieldset>

      <fieldset className="form-section" disabled={readOnly}>
        <legend className="form-section__title">{t('moduleAdmin.form.progress')}</legend>
        <CheckboxField
          label={t('moduleAdmin.form.gateProgress')}
          description={test ? t('module.gateWithTest') : t('moduleAdmin.form.gateProgressHint')}
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              disabled={Boolean(test)}
              checked={Boolean(gateProgress)}
              onChange={(event) => {
                form.setValue('gateProgress', event.target.checked, { shouldDirty: true });
                if (!event.target.checked) form.setValue('gateConfig', [], { shouldDirty: true });
              }}
            />
          )}
        </CheckboxField>
        {gateError && <p className="field__error">{gateError}</p>}
        {gateProgress && !test && (
          <div className="form-subsection">
            {gateOptions.map((option) => (
              <CheckboxField
                key={option}
                label={t('moduleAdmin.form.allCorrect')}
                description={t('moduleAdmin.form.allCorrectHint')}
              >
                {(control) => (
                  <input
                    {...control}
                    type="checkbox"
                    checked={gateConfig.includes(option)}
                    onChange={(event) =>
                      form.setValue(
                        'gateConfig',
                        event.target.checked
                          ? [...gateConfig.filter((item) => item !== option), option]
                          : gateConfig.filter((item) => item !== option),
                        { shouldDirty: true },
                      )
                    }
                  />
                )}
              </CheckboxField>
            ))}
          </div>
        )}
      </fieldset>

      {notice}
      {!readOnly && (
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
          {children}
        </div>
      )}
    </form>
  );
}

function FieldErrorText({ error }: { error: string | undefined }) {
  const text = useErrorText(error);
  return text ? <p className="field__error">{text}</p> : null;
}
