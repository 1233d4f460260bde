import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Loading } from '../../../ui/status';
import { useClaimCertificate } from '../api/certificate-mutations';
import { useModuleCertificate } from '../api/get-module-certificate';
import { CertificateCard } from './certificate-card';

/**
 * After the module result (docs/guide/certificates.md): the participant's certificate, or why there
 * is none yet (pages to complete, answers to correct, a riziv number to add, a review or a teacher
 * to wait for). Nothing when the module has no certificate.
 */
export function ModuleCertificate({ modulePath }: { modulePath: string }) {
  const { t, i18n } = useTranslation();
  const state = useModuleCertificate(modulePath);
  const claim = useClaimCertificate();
  const claimed = useRef(false);
  const due = Boolean(state.data?.configured && !state.data.certificate && state.data.waiting.length === 0);
  // The conditions hold but no certificate came (e.g. a riziv number added since): ask once.
  useEffect(() => {
    if (!due || claimed.current) return;
    claimed.current = true;
    claim.mutate({ path: modulePath });
  }, [due, claim, modulePath]);
  if (state.isPending) return <Loading />;
  if (state.isError) return <p className="status status--error">{t('certificates.loadError')}</p>;
  const { configured, certificate, waiting, helpers } = state.data;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(helpers);
  if (!configured && !certificate) return null;
  return (
    <section className="module-certificate" aria-labelledby="module-certificate-title">
      <h2 id="module-certificate-title">{t('certificates.module.title')}</h2>
      {certificate && <CertificateCard certificate={certificate} headingLevel={3} />}
      {certificate?.status === 'revoked' && (
        <p className="status status--info">{t('certificates.module.revoked')}</p>
      )}
      {waiting.map((reason) => (
        <p key={reason} className="status status--info">
          {reason === 'needsAttempt'
            ? t(
                helpers.length > 0
                  ? 'certificates.module.needsAttemptFrom'
                  : 'certificates.module.needsAttempt',
                {
                  names,
                },
              )
            : t(`certificates.module.waiting.${reason}`)}
          {reason === 'rizivMissing' && (
            <>
              {' '}
              <Link href="/user">{t('certificates.module.toProfile')}</Link>
            </>
          )}
        </p>
      ))}
      {!certificate && waiting.length === 0 && (
        <p className="status status--info" role="status">
          {t('certificates.module.issuing')}
        </p>
      )}
    </section>
  );
}
