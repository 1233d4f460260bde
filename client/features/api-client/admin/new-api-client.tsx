import './api-clients.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { z } from 'zod';
import { apiScopeSchema, apiScopes } from '../../../../events/api-client/events';
import { problemOf } from '../../../lib/forms';
import type { FieldProblem } from '../../../lib/http';
import { fromDateInput, useDateInputProps } from '../../../ui/admin/content-form-helpers';
import { Alert } from '../../../ui/alert';
import { CheckboxField, Field, SubmitButton, useErrorText } from '../../../ui/form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCreateApiClient } from './api-clients-api';
import { useScopeText } from './scopes';

/**
 * What the form checks before sending; the server checks the rest (each address, an expiry in the
 * past) and its field problems land at the same fields.
 */
const formSchema = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  scopes: z.array(apiScopeSchema).min(1, 'adminArea.apiClients.scopesRequired'),
  expiresOn: z
    .string()
    .refine(
      (value) => value.trim() === '' || /^\d{4}-\d{2}-\d{2}$/.test(fromDateInput(value)),
      'validation.date',
    ),
  allowedIps: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

/** The addresses of the text area, one a line, with the line each came from. */
function addressLines(text: string) {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ value: value.trim(), line: index + 1 }))
    .filter(({ value }) => value !== '');
}

/** The form's values as `apiClient.create` takes them: the expiry is the end of that day in UTC. */
function toInput(values: FormValues) {
  const day = values.expiresOn.trim() ? fromDateInput(values.expiresOn) : null;
  return {
    name: values.name.trim(),
    scopes: values.scopes,
    expiresAt: day ? `${day}T23:59:59.999Z` : null,
    allowedIps: addressLines(values.allowedIps).map(({ value }) => value),
  };
}

/** Where each of the server's field paths shows in this form. */
const formFieldOf = (path: string): keyof FormValues | null => {
  const [head] = path.split('.');
  if (head === 'expiresAt') return 'expiresOn';
  return head === 'name' || head === 'scopes' || head === 'allowedIps' ? head : null;
};

/**
 * /admin/api-clients/new: a name, the scopes, an optional expiry and address list. Once made, the
 * client's id and secret are shown here, once; leaving goes back to the list.
 */
export function NewApiClientRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminArea.apiClients.newTitle'));
  const create = useCreateApiClient();
  const [created, setCreated] = useState<{ name: string; clientId: string; clientSecret: string } | null>(
    null,
  );
  const [alert, setAlert] = useState<string | null>(null);
  // The lines of the addresses the server refused, named in the error under the text area.
  const [refusedLines, setRefusedLines] = useState<number[]>([]);
  const dateInputProps = useDateInputProps();
  const scopeText = useScopeText();
  const scopesId = useId();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema, undefined, { raw: true }),
    defaultValues: { name: '', scopes: [], expiresOn: '', allowedIps: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const scopesError = useErrorText(errors.scopes?.message);
  const addressError = useErrorText(errors.allowedIps?.message);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    setRefusedLines([]);
    const input = toInput(values);
    try {
      const answer = await create.mutateAsync(input);
      setCreated({ name: input.name, ...answer });
    } catch (error) {
      const problem = problemOf(error);
      showProblems(problem.fields, values);
      setAlert(problem.message ?? t('form.unreachable'));
    }
  });

  /** Each field problem at its field; an address's at the addresses, naming its line. */
  const showProblems = (fields: FieldProblem[], values: FormValues) => {
    const lines = addressLines(values.allowedIps);
    const refused: number[] = [];
    let first: keyof FormValues | null = null;
    for (const field of fields) {
      const name = formFieldOf(field.path);
      if (!name) continue;
      const message = field.params ? field.message : field.key || field.message;
      const index = /^allowedIps\.(\d+)$/.exec(field.path)?.[1];
      const line = index === undefined ? undefined : lines[Number(index)]?.line;
      if (line !== undefined) refused.push(line);
      form.setError(name, { type: 'server', message });
      first ??= name;
    }
    setRefusedLines(refused);
    if (first) form.setFocus(first);
  };

  if (created)
    return (
      <CreatedClient name={created.name} clientId={created.clientId} clientSecret={created.clientSecret} />
    );

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href="/api-clients">← {t('adminArea.apiClients.backToList')}</Link>
      </p>
      <h1>{t('adminArea.apiClients.newTitle')}</h1>
      <p className="page-lead">{t('adminArea.apiClients.newLead')}</p>
      <form className="form form--wide" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <div className="form-section">
          <Field
            label={t('adminArea.apiClients.name')}
            hint={t('adminArea.apiClients.nameHint')}
            error={errors.name}
          >
            {(control) => (
              <input {...control} {...form.register('name')} type="text" autoComplete="off" maxLength={100} />
            )}
          </Field>
        </div>
        <fieldset
          className="form-section"
          aria-describedby={`${scopesId}-hint${scopesError ? ` ${scopesId}-error` : ''}`}
          data-invalid={scopesError ? true : undefined}
        >
          <legend className="form-section__title">{t('adminArea.apiClients.scopesLegend')}</legend>
          <p id={`${scopesId}-hint`} className="field__hint">
            {t('adminArea.apiClients.scopesHint')}
          </p>
          <div className="checkbox-grid">
            {apiScopes.map((scope) => (
              <CheckboxField
                key={scope}
                label={<code className="api-clients__scope-name">{scope}</code>}
                description={scopeText(scope)}
              >
                {(control) => (
                  <input
                    {...control}
                    {...form.register('scopes')}
                    type="checkbox"
                    value={scope}
                    aria-invalid={scopesError ? true : undefined}
                  />
                )}
              </CheckboxField>
            ))}
          </div>
          {scopesError && (
            <p id={`${scopesId}-error`} className="field__error">
              {scopesError}
            </p>
          )}
        </fieldset>
        <div className="form-section">
          <Field
            label={t('adminArea.apiClients.expiresOn')}
            hint={t('adminArea.apiClients.expiresOnHint')}
            error={errors.expiresOn}
            optional
          >
            {(control) => <input {...control} {...form.register('expiresOn')} {...dateInputProps} />}
          </Field>
          <Field
            label={t('adminArea.apiClients.allowedIps')}
            hint={t('adminArea.apiClients.allowedIpsHint')}
            error={
              refusedLines.length > 0 && addressError
                ? t('adminArea.apiClients.addressLines', {
                    count: refusedLines.length,
                    lines: refusedLines.join(', '),
                    problem: addressError,
                  })
                : errors.allowedIps
            }
            optional
          >
            {(control) => (
              <textarea
                {...control}
                {...form.register('allowedIps')}
                className="api-clients__addresses-input"
                rows={4}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </Field>
        </div>
        {alert && (
          <Alert tone="danger">
            <p>{alert}</p>
          </Alert>
        )}
        <div className="form__actions">
          <SubmitButton busy={isSubmitting}>{t('adminArea.apiClients.create')}</SubmitButton>
          <Link href="/api-clients" className="button button--ghost">
            {t('dialog.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}

/**
 * The new client's id and secret, shown this once (the server keeps only the secret's hash), with
 * copy buttons and how an integration trades them for a token. The heading takes the focus.
 */
function CreatedClient({
  name,
  clientId,
  clientSecret,
}: {
  name: string;
  clientId: string;
  clientSecret: string;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const example = [
    'curl -u "$CLIENT_ID:$CLIENT_SECRET" \\',
    `  ${window.location.origin}/oauth/token \\`,
    '  -d grant_type=client_credentials',
  ].join('\n');
  return (
    <div className="page-narrow">
      <h1 ref={heading} tabIndex={-1}>
        {t('adminArea.apiClients.createdTitle', { name })}
      </h1>
      <div className="alert alert--danger api-clients__warning">
        <p>
          <strong>{t('adminArea.apiClients.secretOnce')}</strong>
        </p>
        <p>{t('adminArea.apiClients.secretOnceText')}</p>
      </div>
      <section
        className="panel form api-clients__credentials"
        aria-label={t('adminArea.apiClients.credentials')}
      >
        <CopyField
          label={t('adminArea.apiClients.clientId')}
          copyLabel={t('adminArea.apiClients.copyId')}
          value={clientId}
        />
        <CopyField
          label={t('adminArea.apiClients.clientSecret')}
          copyLabel={t('adminArea.apiClients.copySecret')}
          value={clientSecret}
        />
      </section>
      <section className="api-clients__example" aria-labelledby="api-client-example">
        <h2 id="api-client-example">{t('adminArea.apiClients.exampleTitle')}</h2>
        <p>{t('adminArea.apiClients.exampleText')}</p>
        <pre>
          <code>{example}</code>
        </pre>
        <p className="muted">{t('adminArea.apiClients.exampleMore')}</p>
      </section>
      <div className="form__actions">
        <Link href="/api-clients" className="button">
          {t('adminArea.apiClients.done')}
        </Link>
      </div>
    </div>
  );
}

/** A value to copy: read-only in a field (selected on focus, to copy by hand too) and a copy button. */
function CopyField({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="api-clients__copy">
        <textarea
          id={id}
          readOnly
          rows={2}
          value={value}
          className="api-clients__value"
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--small button--ghost" onClick={() => void copy()}>
          {copyLabel}
        </button>
      </div>
      <p className="api-clients__copied" role="status" data-failed={copied === 'failed' ? true : undefined}>
        {copied === 'yes' && t('adminArea.apiClients.copied')}
        {copied === 'failed' && t('adminArea.apiClients.copyFailed')}
      </p>
    </div>
  );
}
