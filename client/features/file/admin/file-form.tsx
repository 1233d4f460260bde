import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FileInput, fileInputSchema } from '../../../../events/file/commands';
import { fileTypes } from '../../../../events/file/events';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { sharedSchemaResolver, useNotice } from '../../../ui/admin/content-form-helpers';
import { fillFromUpload, UploadField } from '../../../ui/admin/upload-field';
import { Field, SubmitButton } from '../../../ui/form';

export interface FileFormValues {
  name: string;
  url: string;
  type: '' | (typeof fileTypes)[number];
}

const toFileInput = (values: FileFormValues): FileInput => ({
  name: values.name,
  url: values.url,
  type: values.type === '' ? null : values.type,
});

/** The file form (name and url required), checked with the server's schema. */
export function FileForm({
  defaultValues,
  submitLabel,
  onSubmit,
  readOnly = false,
  savedText,
}: {
  defaultValues: FileFormValues;
  submitLabel: string;
  onSubmit: (input: FileInput) => Promise<unknown>;
  readOnly?: boolean;
  savedText?: string;
}) {
  const { t } = useTranslation();
  const { setNotice, view: notice } = useNotice();
  const form = useForm<FileFormValues>({
    resolver: sharedSchemaResolver(fileInputSchema, toFileInput),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await onSubmit(toFileInput(values));
      form.reset(values);
      if (savedText) setNotice({ tone: 'success', text: savedText });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, ['name', 'url', 'type'], 'file.');
      setNotice({ tone: 'danger', text: problem.message ?? t('form.unreachable') });
    }
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
      {notice}
      {!readOnly && (
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
        </div>
      )}
    </form>
  );
}
