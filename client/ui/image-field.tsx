import './image-field.css';
import { useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { imageMimeTypes } from '../../events/upload/schema';
import { problemOf } from '../lib/forms';
import { uploadFile } from '../lib/upload';
import { Alert } from './alert';
import { Field } from './form';
import { derivativeUrl, imageSource, uploadIdOf } from './images';

export interface ImageValue {
  name: string;
  alt: string;
}

/** An image already uploaded that the author may pick instead of uploading again. */
export interface ImageChoice {
  name: string;
  url: string;
}

/** The small copy a form shows (the 192 px preview size), or a web address as it is. */
function previewOf(source: string): string {
  const id = uploadIdOf(source);
  return id ? derivativeUrl(id, 'preview') : source;
}

/**
 * The image of a course, section, module or profile: upload one (or pick an uploaded one), see it,
 * describe it. The alternative text is asked for once there is an image and is required then;
 * removing the image empties both. Controlled: the form owns the value.
 */
export function ImageField({
  legend,
  value,
  onChange,
  errors,
  readOnly = false,
  purpose,
  choices = [],
}: {
  legend: string;
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  errors?: { name?: FieldError | string; alt?: FieldError | string };
  readOnly?: boolean;
  /** 'profile' for one's own picture, which needs no create right. */
  purpose?: 'profile';
  choices?: ImageChoice[];
}) {
  const { t } = useTranslation();
  const statusId = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const source = imageSource(value);
  const hasImage = value.name.trim() !== '';

  const choose = async (file: File | undefined) => {
    setProblem(null);
    setFileError(undefined);
    if (!file) return;
    if (!(imageMimeTypes as readonly string[]).includes(file.type)) {
      setFileError('uploads.notImage');
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadFile({ file, purpose });
      onChange({ name: uploaded.url, alt: value.alt });
    } catch (error) {
      setProblem(problemOf(error).message ?? t('form.unreachable'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <fieldset className="form-section image-field" disabled={readOnly} aria-busy={uploading}>
      <legend className="form-section__title">{legend}</legend>
      <div className="image-field__current">
        {hasImage ? (
          <figure className="image-field__preview">
            {source && <img src={previewOf(source)} alt="" />}
            <figcaption className="muted">{decodeURIComponent(value.name.split('/').pop() ?? '')}</figcaption>
          </figure>
        ) : (
          <p className="muted">{t('images.none')}</p>
        )}
        {hasImage && !readOnly && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onChange({ name: '', alt: '' })}
          >
            {t('images.remove')}
          </button>
        )}
      </div>
      <Field
        label={hasImage ? t('images.replace') : t('images.upload')}
        hint={t('images.uploadHint')}
        error={fileError ?? errors?.name}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={imageMimeTypes.join(',')}
            disabled={uploading || readOnly}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        )}
      </Field>
      <p id={statusId} className={uploading ? 'muted' : 'visually-hidden'} aria-live="polite">
        {uploading ? t('images.uploading') : ''}
      </p>
      {choices.length > 0 && (
        <Field label={t('images.choose')} optional>
          {(control) => (
            <select
              {...control}
              value={choices.some((choice) => choice.url === value.name) ? value.name : ''}
              onChange={(event) => {
                if (event.target.value) onChange({ name: event.target.value, alt: value.alt });
              }}
            >
              <option value="">{t('images.chooseNone')}</option>
              {choices.map((choice) => (
                <option key={choice.url} value={choice.url}>
                  {choice.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {hasImage && (
        <Field label={t('images.alt')} hint={t('images.altHint')} error={errors?.alt}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              value={value.alt}
              onChange={(event) => onChange({ name: value.name, alt: event.target.value })}
            />
          )}
        </Field>
      )}
      {problem && <Alert tone="danger">{problem}</Alert>}
    </fieldset>
  );
}
