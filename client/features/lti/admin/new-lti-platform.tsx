import './lti-platforms.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { z } from 'zod';
import { problemOf } from '../../../lib/forms';
import type { FieldProblem } from '../../../lib/http';
import { errorKey } from '../../../lib/trpc';
import { Alert } from '../../../ui/alert';
import { type ControlProps, Field, SubmitButton, useErrorText } from '../../../ui/form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useRegisterLtiPlatform } from './lti-api';
import type { RegisteredNotice } from './lti-platforms';

/** An http or https address, as the server takes it. */
const webAddress = z
  .string()
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .refine((value) => /^https?:\/\/[^/]/i.test(value) && URL.canParse(value), 'validation.url');

/**
 * What the form checks before sending; the server checks the rest (lengths, how many deployments,
 * a platform already registered with this issuer and client id) and its field problems land at the
 * same fields.
 */
const formSchema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  issuer: webAddress,
  clientId: z.string().trim().min(1, 'validation.required'),
  deploymentIds: z.string(),
  authLoginUrl: webAddress,
  tokenUrl: webAddress,
  jwksUrl: webAddress,
});
type FormValues = z.infer<typeof formSchema>;

/** The deployment ids of the text area, one a line, with the line each came from. */
function deploymentLines(text: string) {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ value: value.trim(), line: index + 1 }))
    .filter(({ value }) => value !== '');
}

/** The form's values as `lti.registerPlatform` takes them. */
const toInput = (values: FormValues) => ({
  name: values.name.trim(),
  issuer: values.issuer.trim(),
  clientId: values.clientId.trim(),
  deploymentIds: deploymentLines(values.deploymentIds).map(({ value }) => value),
  authLoginUrl: values.authLoginUrl.trim(),
  tokenUrl: values.tokenUrl.trim(),
  jwksUrl: values.jwksUrl.trim(),
});

const fieldNames = [
  'name',
  'issuer',
  'clientId',
  'deploymentIds',
  'authLoginUrl',
  'tokenUrl',
  'jwksUrl',
] as const satisfies readonly (keyof FormValues)[];

/** Where each of the server's field paths shows in this form (`deploymentIds.2` at the deployments). */
const formFieldOf = (path: string): keyof FormValues | null => {
  const [head] = path.split('.');
  return (fieldNames as readonly string[]).includes(head ?? '') ? (head as keyof FormValues) : null;
};

/**
 * /admin/lti/new: the learning platform's name, issuer, client id, deployments and addresses, as
 * its tool registration shows them. Registered, it is back to the list, which names it.
 */
export function NewLtiPlatformRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminArea.lti.newTitle'));
  const [, navigate] = useLocation();
  const register = useRegisterLtiPlatform();
  const [alert, setAlert] = useState<string | null>(null);
  // The lines of the deployment ids the server refused, named in the error under the text area.
  const [refusedLines, setRefusedLines] = useState<number[]>([]);
  const urlsId = useId();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema, undefined, { raw: true }),
    defaultValues: {
      name: '',
      issuer: '',
      clientId: '',
      deploymentIds: '',
      authLoginUrl: '',
      tokenUrl: '',
      jwksUrl: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const deploymentError = useErrorText(errors.deploymentIds?.message);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    setRefusedLines([]);
    const input = toInput(values);
    try {
      const { platformId } = await register.mutateAsync(input);
      const notice: RegisteredNotice = { notice: 'ltiRegistered', platformId, name: input.name };
      navigate('/lti', { state: notice });
    } catch (error) {
      const problem = problemOf(error);
      // The one refusal without a field of its own, said at the client id: this issuer already
      // launches with this client id.
      if (errorKey(error) === 'lti.issuerTaken' && problem.message) {
        showProblems([{ path: 'clientId', key: '', message: problem.message }], values);
        return;
      }
      showProblems(problem.fields, values);
      setAlert(problem.message ?? t('form.unreachable'));
    }
  });

  /** Each field problem at its field; a deployment id's at the deployments, naming its line. */
  const showProblems = (fields: FieldProblem[], values: FormValues) => {
    const lines = deploymentLines(values.deploymentIds);
    const refused: number[] = [];
    let first: keyof FormValues | null = null;
    for (const field of fields) {
      const name = formFieldOf(field.path);
      if (!name) continue;
      const message = field.params ? field.message : field.key || field.message;
      const index = /^deploymentIds\.(\d+)$/.exec(field.path)?.[1];
      const line = index === undefined ? undefined : lines[Number(index)]?.line;
      if (line !== undefined) refused.push(line);
      form.setError(name, { type: 'server', message });
      first ??= name;
    }
    setRefusedLines(refused);
    if (first) form.setFocus(first);
  };

  /** A one-line field: a web address (`url` keyboard on a phone) or the client id. */
  const input =
    (name: 'issuer' | 'clientId' | 'authLoginUrl' | 'tokenUrl' | 'jwksUrl') => (control: ControlProps) => (
      <input
        {...control}
        {...form.register(name)}
        type={name === 'clientId' ? 'text' : 'url'}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
    );

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href="/lti">← {t('adminArea.lti.backToList')}</Link>
      </p>
      <h1>{t('adminArea.lti.newTitle')}</h1>
      <p className="page-lead">{t('adminArea.lti.newLead')}</p>
      <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <div className="form-section">
          <Field label={t('adminArea.lti.name')} hint={t('adminArea.lti.nameHint')} error={errors.name}>
            {(control) => (
              <input {...control} {...form.register('name')} type="text" autoComplete="off" maxLength={100} />
            )}
          </Field>
        </div>
        <div className="form-section">
          <Field label={t('adminArea.lti.issuer')} hint={t('adminArea.lti.issuerHint')} error={errors.issuer}>
            {input('issuer')}
          </Field>
          <Field
            label={t('adminArea.lti.clientId')}
            hint={t('adminArea.lti.clientIdHint')}
            error={errors.clientId}
          >
            {input('clientId')}
          </Field>
          <Field
            label={t('adminArea.lti.deploymentIds')}
            hint={t('adminArea.lti.deploymentIdsHint')}
            error={
              refusedLines.length > 0 && deploymentError
                ? t('adminArea.lti.deploymentLines', {
                    count: refusedLines.length,
                    lines: refusedLines.join(', '),
                    problem: deploymentError,
                  })
                : errors.deploymentIds
            }
            optional
          >
            {(control) => (
              <textarea
                {...control}
                {...form.register('deploymentIds')}
                className="lti-platforms__lines-input"
                rows={3}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </Field>
        </div>
        <fieldset className="form-section" aria-describedby={`${urlsId}-hint`}>
          <legend className="form-section__title">{t('adminArea.lti.platformUrls')}</legend>
          <p id={`${urlsId}-hint`} className="field__hint">
            {t('adminArea.lti.platformUrlsHint')}
          </p>
          <Field
            label={t('adminArea.lti.authLoginUrl')}
            hint={t('adminArea.lti.authLoginUrlHint')}
            error={errors.authLoginUrl}
          >
            {input('authLoginUrl')}
          </Field>
          <Field
            label={t('adminArea.lti.tokenUrl')}
            hint={t('adminArea.lti.tokenUrlHint')}
            error={errors.tokenUrl}
          >
            {input('tokenUrl')}
          </Field>
          <Field
            label={t('adminArea.lti.jwksUrl')}
            hint={t('adminArea.lti.jwksUrlHint')}
            error={errors.jwksUrl}
          >
            {input('jwksUrl')}
          </Field>
        </fieldset>
        {alert && (
          <Alert tone="danger">
            <p>{alert}</p>
          </Alert>
        )}
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{t('adminArea.lti.register')}</SubmitButton>
          <Link href="/lti" className="button button--ghost">
            {t('dialog.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
