import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { IMPORT_MAX_CHARS, IMPORT_MAX_ROWS } from '../../../../events/user/import';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { Field, SubmitButton } from '../../../ui/form';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useImportUsers, usePreviewImport } from './import-users-api';

type Plan = NonNullable<ReturnType<typeof usePreviewImport>['data']>;

/**
 * /admin/users/import: people in bulk from a CSV file or a spreadsheet paste. The server reads the
 * rows and says what it would do with each (preview, nothing written); "Import" then writes every
 * accepted row, and the result says what happened to each (docs/guide/importing-users.md).
 */
export function ImportUsersRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('userImport.title'));
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const apply = useImportUsers();
  const pasteId = useId();

  const change = (value: string) => {
    setText(value);
    preview.reset();
    apply.reset();
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setFileError(null);
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > IMPORT_MAX_CHARS * 4) {
      setFileError(t('userImport.tooLarge'));
      return;
    }
    try {
      change(await file.text());
    } catch {
      setFileError(t('userImport.fileError'));
    }
  };

  const plan = apply.data ?? preview.data;
  const toWrite = preview.data ? preview.data.counts.create + preview.data.counts.link : 0;
  const failure = apply.error ?? preview.error;

  return (
    <>
      <h1>{t('userImport.title')}</h1>
      <p className="page-lead">{t('userImport.lead')}</p>
      <form
        className="form form--wide"
        noValidate
        aria-busy={preview.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          apply.reset();
          preview.mutate({ text });
        }}
      >
        <Field label={t('userImport.file')} error={fileError ?? undefined} optional>
          {(control) => (
            <input {...control} type="file" accept=".csv,.tsv,.txt,text/csv,text/plain" onChange={readFile} />
          )}
        </Field>
        <div className="field">
          <label htmlFor={pasteId} className="field__label">
            {t('userImport.paste')}
          </label>
          <textarea
            id={pasteId}
            aria-describedby={`${pasteId}-hint`}
            rows={8}
            value={text}
            spellCheck={false}
            onChange={(event) => change(event.target.value)}
            placeholder={'name\te-mail\tlanguage\tcourses'}
          />
          <p id={`${pasteId}-hint`} className="field__hint">
            {t('userImport.pasteHint', { max: IMPORT_MAX_ROWS })}
          </p>
        </div>
        {failure && (
          <Alert tone="danger">
            <p>{problemOf(failure).message ?? t('form.unreachable')}</p>
          </Alert>
        )}
        {!apply.data && (
          <div className="form__actions">
            <SubmitButton busy={preview.isPending} busyLabel={t('userImport.previewing')}>
              {t('userImport.preview')}
            </SubmitButton>
            <Link href="/users" className="button button--ghost">
              {t('dialog.cancel')}
            </Link>
          </div>
        )}
      </form>
      {plan && (
        <section aria-labelledby={`${pasteId}-plan`}>
          <h2 id={`${pasteId}-plan`}>
            {apply.data ? t('userImport.resultTitle') : t('userImport.previewTitle')}
          </h2>
          <p role="status">{t('userImport.counts', plan.counts)}</p>
          {apply.data && (
            <Alert tone="success">
              <p>{t('userImport.done')}</p>
            </Alert>
          )}
          {!apply.data && (
            <div className="form__actions">
              {toWrite > 0 ? (
                <button
                  type="button"
                  className="button"
                  disabled={apply.isPending}
                  aria-busy={apply.isPending}
                  onClick={() => apply.mutate({ text })}
                >
                  {apply.isPending ? t('userImport.importing') : t('userImport.import', { count: toWrite })}
                </button>
              ) : (
                <p className="muted">{t('userImport.nothingToDo')}</p>
              )}
            </div>
          )}
          <PlanTable plan={plan} />
          {apply.data && (
            <div className="form__actions">
              <button type="button" className="button button--ghost" onClick={() => change('')}>
                {t('userImport.again')}
              </button>
              <Link href="/users" className="button button--ghost">
                {t('adminUsers.backToList')}
              </Link>
            </div>
          )}
        </section>
      )}
    </>
  );
}

const tone = { create: 'strong', link: 'strong', unchanged: 'muted', refused: 'warning' } as const;

function PlanTable({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  return (
    <table className="data-table">
      <caption className="visually-hidden">{t('userImport.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('userImport.line')}</th>
          <th scope="col">{t('userImport.person')}</th>
          <th scope="col">{t('userImport.what')}</th>
          <th scope="col">{t('userImport.details')}</th>
        </tr>
      </thead>
      <tbody>
        {plan.rows.map((row) => (
          <tr key={row.line}>
            <td data-label={t('userImport.line')}>{row.line}</td>
            <th scope="row" data-label={t('userImport.person')}>
              {row.name || '–'}
              <br />
              <span className="data-table__email">{row.email || '–'}</span>
            </th>
            <td data-label={t('userImport.what')}>
              <span className={`badge badge--${tone[row.action]}`}>
                {t(`userImport.actions.${row.action}`)}
              </span>
            </td>
            <td data-label={t('userImport.details')}>
              {row.problems.length > 0 ? (
                row.problems.map((problem) => (
                  <p key={`${problem.reason}-${problem.value}`}>
                    {t(`userImport.reason.${problem.reason}`, { value: problem.value ?? '' })}
                  </p>
                ))
              ) : (
                <>
                  {row.roles.length > 0 && <p>{t('userImport.roles', { roles: row.roles.join(', ') })}</p>}
                  {row.group && (
                    <p>
                      {t('participantGroup.label')}: {row.group}
                    </p>
                  )}
                  {row.courses.length > 0 && (
                    <p>{t('userImport.courses', { courses: row.courses.join(', ') })}</p>
                  )}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
