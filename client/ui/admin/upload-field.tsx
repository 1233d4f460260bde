import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type Path, type PathValue, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  defaultImageQuality,
  imageMimeTypes,
  imageOptionsSchema,
  imageQualities,
} from '../../../events/upload/schema';
import { problemOf, showFieldProblems } from '../../lib/forms';
import { type Derivative, fetchDerivatives, type UploadedFile, uploadFile } from '../../lib/upload';
import { Alert } from '../alert';
import { Field } from '../form';
import { sharedSchemaResolver } from './content-form-helpers';
import type { TextValuesOf } from './form-values';
import './upload-field.css';

/** The quality and the extra sizes as typed and chosen; the shared schema reads their numbers. */
export type UploadFormValues = TextValuesOf<z.input<typeof imageOptionsSchema>>;

const toOptions = (values: UploadFormValues) => ({ quality: values.quality, sizes: values.sizes });

/** Fills a file form after an upload: the url always, the name when it is still empty. */
export function fillFromUpload<T extends { name: string; url: string }>(
  form: UseFormReturn<T>,
  file: UploadedFile,
) {
  const set = (name: 'name' | 'url', value: string) =>
    form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, {
      shouldDirty: true,
      shouldValidate: true,
    });
  set('url', file.url);
  if (!String(form.getValues('name' as Path<T>) ?? '').trim()) set('name', file.name);
}

/** Polls the derivatives of an image upload until the job is done (or a minute has passed). */
function useDerivatives(upload: UploadedFile | null) {
  const [state, setState] = useState<{ done: boolean; derivatives: Derivative[] } | null>(null);
  useEffect(() => {
    setState(null);
    if (!upload?.image) return;
    let stopped = false;
    const started = Date.now();
    const poll = async () => {
      if (stopped) return;
      const answer = await fetchDerivatives(upload.id).catch(() => null);
      if (stopped) return;
      if (answer) setState(answer);
      if (!answer?.done && Date.now() - started < 60_000) setTimeout(poll, 1000);
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [upload]);
  return state;
}

/**
 * Uploads one file to /api/uploads, with a quality and extra sizes for images (checked with the
 * shared schema, messages next to each field). Not a <form> of its own, so it can sit inside
 * another form: Enter in one of its fields uploads instead of submitting the outer form.
 */
export function UploadField({ onUploaded }: { onUploaded: (file: UploadedFile) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const derivatives = useDerivatives(uploaded);
  const form = useForm<UploadFormValues>({
    resolver: sharedSchemaResolver(imageOptionsSchema, toOptions),
    defaultValues: { quality: String(defaultImageQuality), sizes: [] },
  });
  const sizes = useFieldArray({ control: form.control, name: 'sizes' });
  const { errors, isSubmitting } = form.formState;
  const isImage = file ? (imageMimeTypes as readonly string[]).includes(file.type) : true;

  const send = form.handleSubmit(async (values) => {
    if (!file) return;
    try {
      const options = imageOptionsSchema.parse(toOptions(values));
      const answer = await uploadFile({ file, quality: options.quality, sizes: options.sizes });
      setUploaded(answer);
      onUploaded(answer);
    } catch (error) {
      const found = problemOf(error);
      const known = values.sizes.flatMap((_, i) => [
        `sizes.${i}.label`,
        `sizes.${i}.width`,
        `sizes.${i}.height`,
      ]);
      showFieldProblems(form.setError, found.fields, ['quality', ...known]);
      setProblem(found.message ?? t('form.unreachable'));
    }
  });

  /** Names a missing file and any size field problem at once. */
  const upload = async () => {
    setProblem(null);
    if (!file) setFileError('uploads.fileRequired');
    await send();
    if (!file) fileInput.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'file') {
      event.preventDefault();
      void upload();
    }
  };

  return (
    <fieldset className="form-section upload-field" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <legend id={titleId} className="form-section__title">
        {t('uploads.upload')}
      </legend>
      <Field label={t('uploads.file')} hint={t('uploads.fileHint')} error={fileError}>
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            type="file"
            name="upload-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
              setUploaded(null);
            }}
          />
        )}
      </Field>
      {isImage && (
        <>
          <Field label={t('uploads.quality')} error={errors.quality}>
            {(control) => (
              <select {...control} {...form.register('quality')} className="input--short">
                {imageQualities.map((quality) => (
                  <option key={quality} value={quality}>
                    {quality === defaultImageQuality
                      ? t('uploads.qualityDefault', { quality })
                      : String(quality)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="field upload-field__sizes">
            <legend className="field__label">{t('uploads.sizes')}</legend>
            <p className="field__hint">{t('uploads.sizesHint')}</p>
            {sizes.fields.length > 0 && (
              <ol className="upload-field__size-list">
                {sizes.fields.map((row, index) => (
                  <li key={row.id} className="upload-field__size-row">
                    <fieldset className="upload-field__size">
                      <legend className="visually-hidden">
                        {t('uploads.sizeNumber', { number: index + 1 })}
                      </legend>
                      <Field label={t('uploads.label')} error={errors.sizes?.[index]?.label}>
                        {(control) => (
                          <input
                            {...control}
                            {...form.register(`sizes.${index}.label`)}
                            type="text"
                            autoComplete="off"
                          />
                        )}
                      </Field>
                      <Field label={t('uploads.width')} error={errors.sizes?.[index]?.width}>
                        {(control) => (
                          <input
                            {...control}
                            {...form.register(`sizes.${index}.width`)}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={4000}
                          />
                        )}
                      </Field>
                      <Field label={t('uploads.height')} error={errors.sizes?.[index]?.height}>
                        {(control) => (
                          <input
                            {...control}
                            {...form.register(`sizes.${index}.height`)}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={4000}
                          />
                        )}
                      </Field>
                      <button
                        type="button"
                        className="button button--ghost button--small upload-field__remove"
                        onClick={() => sizes.remove(index)}
                      >
                        {t('uploads.removeSize', { number: index + 1 })}
                      </button>
                    </fieldset>
                  </li>
                ))}
              </ol>
            )}
            <div>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => sizes.append({ label: '', width: '', height: '' })}
              >
                {t('uploads.addSize')}
              </button>
            </div>
          </fieldset>
        </>
      )}
      {problem && <Alert tone="danger">{problem}</Alert>}
      <div className="form__actions">
        <button type="button" className="button" onClick={() => void upload()} disabled={isSubmitting}>
          {isSubmitting && <span className="spinner spinner--small" aria-hidden="true" />}
          {isSubmitting ? t('uploads.uploading') : t('uploads.submit')}
        </button>
      </div>
      <div aria-live="polite" className="upload-field__status">
        {uploaded && <p>{t('uploads.uploaded', { name: uploaded.name })}</p>}
        {uploaded?.image && !derivatives?.done && <p className="muted">{t('uploads.derivativesPending')}</p>}
        {derivatives?.done && (
          <p className="muted">
            {t('uploads.derivativesDone', { labels: derivatives.derivatives.map((d) => d.label).join(', ') })}
          </p>
        )}
      </div>
    </fieldset>
  );
}
