import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CertificateConfigInput, certificateConfigSchema } from '../../../../events/certificate/config';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { CheckboxField, Field, SubmitButton } from '../../../ui/form';
import { ErrorPanel, Loading } from '../../../ui/status';
import {
  type CertificateConfigView,
  useCertificateConfig,
  useSaveCertificateConfig,
} from '../api/certificate-config';
import { CertificatePreview } from '../components/certificate-preview';

const textFields = ['header', 'intro', 'body', 'teacherName', 'teacherInfo', 'place', 'footer'] as const;
const longFields = new Set<string>(['intro', 'body', 'teacherInfo', 'footer']);
const knownFields = ['timed', ...textFields.map((field) => `content.${field}`)];

/**
 * /admin/modules/{modulePath}/certificate-config and /admin/courses/{coursePath}/certificate-config:
 * the certificate config (docs/guide/certificates.md) with a live preview beside it. Editors and
 * owners save; others with the view right read.
 */
export function CertificateConfigRoute({ kind, path }: { kind: 'module' | 'course'; path: string }) {
  const { t } = useTranslation();
  const view = useCertificateConfig(kind, path);
  if (view.isPending) return <Loading />;
  if (view.isError)
    return (
      <ErrorPanel
        message={problemOf(view.error).message ?? t('certificates.config.loadError')}
        error={view.error}
      />
    );
  return <ConfigForm key={`${kind}-${path}`} view={view.data} />;
}

function ConfigForm({ view }: { view: CertificateConfigView }) {
  const { t } = useTranslation();
  const save = useSaveCertificateConfig(view.kind);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const form = useForm<CertificateConfigInput>({
    resolver: zodResolver(certificateConfigSchema, undefined, { raw: true }),
    defaultValues: {
      ...view.config,
      timed: view.config.timed === 0 ? '' : view.config.timed,
    } as CertificateConfigInput,
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const auto = form.watch('auto');
  const readOnly = !view.canEdit;

  const submit = form.handleSubmit(async (input) => {
    setNotice(null);
    try {
      await save.mutateAsync({ path: view.path, config: certificateConfigSchema.parse(input) });
      setNotice({ tone: 'success', text: t('certificates.config.saved') });
    } catch (error) {
      const problem = problemOf(error);
      showFieldProblems(form.setError, problem.fields, knownFields);
      setNotice({ tone: 'danger', text: problem.message ?? t('certificates.error') });
    }
  });

  return (
    <section aria-labelledby="certificate-config-title">
      <h2 id="certificate-config-title">{t('certificates.config.title')}</h2>
      <p className="muted">
        {view.kind === 'module' ? t('certificates.config.leadModule') : t('certificates.config.leadCourse')}
      </p>
      {readOnly && <p className="muted">{t('certificates.config.readOnly')}</p>}
      <div className="admin-columns certificate-config">
        <form className="admin-columns__main form" onSubmit={submit} noValidate>
          <fieldset className="form-section" disabled={readOnly}>
            <legend className="form-section__title">{t('certificates.config.issue')}</legend>
            {view.kind === 'module' && (
              <>
                <CheckboxField
                  label={t('certificates.config.auto')}
                  description={t('certificates.config.autoHint')}
                >
                  {(control) => <input {...control} type="checkbox" {...form.register('auto')} />}
                </CheckboxField>
                <div className="form-subsection">
                  <CheckboxField label={t('certificates.config.complete')}>
                    {(control) => (
                      <input {...control} type="checkbox" disabled={!auto} {...form.register('complete')} />
                    )}
                  </CheckboxField>
                  <CheckboxField label={t('certificates.config.correct')}>
                    {(control) => (
                      <input {...control} type="checkbox" disabled={!auto} {...form.register('correct')} />
                    )}
                  </CheckboxField>
                  <CheckboxField
                    label={t('certificates.config.checkFraud')}
                    description={t('certificates.config.checkFraudHint')}
                  >
                    {(control) => (
                      <input {...control} type="checkbox" disabled={!auto} {...form.register('checkFraud')} />
                    )}
                  </CheckboxField>
                </div>
              </>
            )}
            <Field
              label={t('certificates.config.timed')}
              hint={t('certificates.config.timedHint')}
              error={errors.timed as FieldError | undefined}
              optional
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  {...form.register('timed')}
                />
              )}
            </Field>
          </fieldset>
          <fieldset className="form-section" disabled={readOnly}>
            <legend className="form-section__title">{t('certificates.config.content')}</legend>
            {textFields.map((field) => (
              <Field
                key={field}
                label={t(`certificates.config.${field}`)}
                error={errors.content?.[field]}
                optional
              >
                {(control) =>
                  longFields.has(field) ? (
                    <textarea {...control} rows={3} {...form.register(`content.${field}`)} />
                  ) : (
                    <input {...control} type="text" {...form.register(`content.${field}`)} />
                  )
                }
              </Field>
            ))}
            <CheckboxField
              label={t('certificates.config.requireRiziv')}
              description={t('certificates.config.requireRizivHint')}
            >
              {(control) => <input {...control} type="checkbox" {...form.register('content.requireRiziv')} />}
            </CheckboxField>
            <CheckboxField label={t('certificates.config.courseDates')}>
              {(control) => <input {...control} type="checkbox" {...form.register('content.courseDates')} />}
            </CheckboxField>
          </fieldset>
          {!readOnly && (
            <div className="button-row">
              <SubmitButton busy={isSubmitting}>{t('certificates.config.save')}</SubmitButton>
            </div>
          )}
          {notice && (
            <Alert tone={notice.tone}>
              <p>{notice.text}</p>
            </Alert>
          )}
        </form>
        <aside className="admin-columns__side" aria-labelledby="certificate-preview-title">
          <h3 id="certificate-preview-title">{t('certificates.config.preview')}</h3>
          <CertificatePreview
            config={values}
            itemName={view.name}
            language={view.language}
            course={view.course}
          />
        </aside>
      </div>
    </section>
  );
}
