import { useTranslation } from 'react-i18next';
import { type FileInput, fileInputSchema } from '../../../../events/file/commands';
import { fileTypes } from '../../../../events/file/events';
import { ContentFormEnd, type ContentFormProps, useContentForm } from '../../../ui/admin/content-form';
import type { FormValuesOf } from '../../../ui/admin/form-values';
import { fillFromUpload, UploadField } from '../../../ui/admin/upload-field';
import { Field } from '../../../ui/form';

/** The file command's input as the form holds it: the type '' until chosen (then the url's). */
export type FileFormValues = FormValuesOf<FileInput>;

const toFileInput = (values: FileFormValues): FileInput => ({
  name: values.name,
  url: values.url,
  type: values.type === '' ? null : values.type,
});

/** The file form (name and url required), checked with the server's schema. */
export function FileForm(props: ContentFormProps<FileFormValues, FileInput>) {
  const { t } = useTranslation();
  const { submitLabel, readOnly = false } = props;
  const { form, submit, notice, errors, isSubmitting } = useContentForm(props, {
    schema: fileInputSchema,
    toInput: toFileInput,
    fields: ['name', 'url', 'type'],
    prefix: 'file.',
  });

  return (
    <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      {!readOnly && <UploadField onUploaded={(file) => fillFromUpload(form, file)} />}
      <fieldset className="form-section" disabled={readOnly}>
        <Field label={t('fileAdmin.name')} error={errors.name}>
          {(control) => <input {...control} {...form.register('name')} type="text" autoComplete="off" />}
        </Field>
        <Field label={t('fileAdmin.url')} hint={t('fileAdmin.urlHint')} error={errors.url}>
          {(control) => <input {...control} {...form.register('url')} type="url" inputMode="url" />}
        </Field>
        <Field label={t('fileAdmin.type')} error={errors.type} optional>
          {(control) => (
            <select {...control} {...form.register('type')}>
              <option value="">{t('fileAdmin.typeAuto')}</option>
              {fileTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`fileAdmin.types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <ContentFormEnd notice={notice} readOnly={readOnly} busy={isSubmitting} submitLabel={submitLabel} />
    </form>
  );
}
