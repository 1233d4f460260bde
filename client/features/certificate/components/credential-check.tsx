import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { Field } from '../../../ui/form';
import { useVerifyCredential } from '../api/verify-credential';

/**
 * The verification page's second check: a pasted Open Badges credential (the `.jwt` file's content)
 * is checked for its signature against the published keys, its revocation status and its validity,
 * and an invalid one says why.
 */
export function CredentialCheck() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const verify = useVerifyCredential();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) verify.mutate({ credential: text.trim() });
  };
  const result = verify.data;
  return (
    <section className="credential-check" aria-labelledby="credential-check-title">
      <h2 id="credential-check-title">{t('badges.verify.title')}</h2>
      <p>{t('badges.verify.lead')}</p>
      <form onSubmit={submit}>
        <Field label={t('badges.verify.label')}>
          {(control) => (
            <textarea
              {...control}
              name="credential"
              rows={6}
              spellCheck={false}
              className="credential-check__input"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <div className="button-row">
          <button type="submit" className="button" disabled={verify.isPending || !text.trim()}>
            {verify.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
            {t('badges.verify.submit')}
          </button>
        </div>
      </form>
      {verify.isError && (
        <Alert tone="danger">
          <p>{problemOf(verify.error).message ?? t('badges.verify.error')}</p>
        </Alert>
      )}
      {result && (
        <div className="credential-check__result">
          <Alert tone={result.valid ? 'success' : 'danger'}>
            <p>
              <strong>{result.valid ? t('badges.verify.valid') : t('badges.verify.invalid')}</strong>
            </p>
            {result.problem && <p>{t(`badges.verify.problem.${result.problem}`)}</p>}
          </Alert>
          {result.details && (
            <dl className="certificate-card__facts">
              {result.details.holder && (
                <>
                  <dt>{t('badges.verify.holder')}</dt>
                  <dd>{result.details.holder}</dd>
                </>
              )}
              <dt>{t('badges.verify.achievement')}</dt>
              <dd>{result.details.achievement}</dd>
              <dt>{t('badges.verify.issuer')}</dt>
              <dd>{result.details.issuer}</dd>
              <dt>{t('badges.verify.validFrom')}</dt>
              <dd>{formatDate(result.details.validFrom)}</dd>
              <dt>{t('badges.verify.validUntil')}</dt>
              <dd>
                {result.details.validUntil
                  ? formatDate(result.details.validUntil)
                  : t('certificates.neverExpires')}
              </dd>
            </dl>
          )}
        </div>
      )}
    </section>
  );
}
