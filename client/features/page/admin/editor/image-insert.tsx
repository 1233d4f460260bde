import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type FieldValues, type Path, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type ImageInsert as ImageInsertValues,
  imageInsertSchema,
  imageMarkdown,
  imageMimeTypes,
  imageSizeClasses,
} from '../../../../../events/upload/schema';
import { problemOf } from '../../../../lib/forms';
import { uploadFile } from '../../../../lib/upload';
import { Alert } from '../../../../ui/alert';
import { Field } from '../../../../ui/form';
import '../../../../ui/admin/upload-field.css';
import { insertAtCursor } from './insert-at-cursor';

const emptyValues: ImageInsertValues = { url: '', alt: '', sizeClass: 'medium' };

/**
 * "Insert image" for a markdown text field: choose (upload) an image or give its address, an
 * alternative text and a size class; inserts `![alt](url "size")` where the cursor was. The dialog
 * is a modal <dialog> (Esc closes, focus returns) with its own form, outside the page form.
 */
export function ImageInsert<V extends FieldValues>({ textPath }: { textPath: Path<V> }) {
  const { t } = useTranslation();
  const page = useFormContext<V>();
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ImageInsertValues>({
    resolver: zodResolver(imageInsertSchema),
    defaultValues: emptyValues,
  });
  const url = form.watch('url');
  const { errors } = form.formState;

  const textarea = () =>
    opener.current?.closest('.markdown-editor')?.querySelector<HTMLTextAreaElement>('textarea') ?? null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const show = () => {
    const area = textarea();
    selection.current = area ? { start: area.selectionStart, end: area.selectionEnd } : null;
    form.reset(emptyValues);
    setProblem(null);
    setOpen(true);
  };

  const close = (focus: HTMLElement | null = opener.current) => {
    setOpen(false);
    setTimeout(() => focus?.focus(), 0);
  };

  const submit = form.handleSubmit((values) => {
    const current = String(page.getValues(textPath) ?? '');
    const at = selection.current ?? { start: current.length, end: current.length };
    const { value, cursor } = insertAtCursor(current, imageMarkdown(values), at.start, at.end);
    page.setValue(textPath, value as never, { shouldDirty: true, shouldValidate: true });
    const area = textarea();
    close(area);
    setTimeout(() => area?.setSelectionRange(cursor, cursor), 0);
  });

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!(imageMimeTypes as readonly string[]).includes(file.type)) {
      form.setError('url', { type: 'manual', message: 'uploads.notImage' });
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadFile({ file });
      form.setValue('url', uploaded.url, { shouldValidate: true });
    } catch (error) {
      setProblem(problemOf(error).message ?? t('form.unreachable'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <div className="markdown-editor__tools">
        <button ref={opener} type="button" className="button button--ghost button--small" onClick={show}>
          {t('uploads.insertImage')}
        </button>
      </div>
      {createPortal(
        <dialog
          ref={dialog}
          className="dialog image-insert"
          aria-labelledby={titleId}
          onCancel={(event) => {
            event.preventDefault();
            if (!uploading) close();
          }}
        >
          {open && (
            <form
              className="form"
              noValidate
              onSubmit={(event) => {
                // Stays inside the dialog: React would bubble the submit to the page form.
                event.stopPropagation();
                void submit(event);
              }}
            >
              <h2 id={titleId} className="dialog__title">
                {t('uploads.insertImage')}
              </h2>
              <Field label={t('uploads.imageUrl')} hint={t('uploads.imageUrlHint')} error={errors.url}>
                {(control) => (
                  <input
                    {...control}
                    {...form.register('url')}
                    type="text"
                    inputMode="url"
                    autoComplete="off"
                  />
                )}
              </Field>
              <Field label={t('uploads.chooseImage')} optional>
                {(control) => (
                  <input
                    {...control}
                    type="file"
                    accept={imageMimeTypes.join(',')}
                    disabled={uploading}
                    onChange={(event) => void chooseFile(event.target.files?.[0])}
                  />
                )}
              </Field>
              <div aria-live="polite">{uploading && <p className="muted">{t('uploads.uploading')}</p>}</div>
              {url && /^(\/files\/|https?:\/\/)/.test(url) && !uploading && (
                <img className="image-insert__preview" src={url} alt="" />
              )}
              <Field label={t('uploads.alt')} hint={t('uploads.altHint')} error={errors.alt} optional>
                {(control) => <input {...control} {...form.register('alt')} type="text" autoComplete="off" />}
              </Field>
              <Field label={t('uploads.sizeClass')} error={errors.sizeClass}>
                {(control) => (
                  <select {...control} {...form.register('sizeClass')}>
                    {imageSizeClasses.map((size) => (
                      <option key={size} value={size}>
                        {t(`uploads.sizeClasses.${size}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {problem && <Alert tone="danger">{problem}</Alert>}
              <div className="dialog__actions">
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => close()}
                  disabled={uploading}
                >
                  {t('uploads.cancel')}
                </button>
                <button type="submit" className="button" disabled={uploading}>
                  {t('uploads.insert')}
                </button>
              </div>
            </form>
          )}
        </dialog>,
        document.body,
      )}
    </>
  );
}
