import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import { isNotFound } from '../../../lib/trpc';
import { ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useVerification } from '../api/get-verification';
import { CertificateStatusBadge } from '../components/certificate-card';
import { CredentialCheck } from '../components/credential-check';

const codePattern = /^[A-Za-z0-9_-]{16}$/;

/**
 * /certificate/{code}: the public verification page (no sign-in). Whether the certificate is valid,
 * expired or revoked, the name on it, what it is for and its dates; nothing more about the person.
 * For a certificate whose holder was erased, only that.
 */
export function VerifyCertificateRoute({ code }: { code: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('certificates.verify.title'));
  return (
    <div className="page-narrow verify-certificate">
      <h1>{t('certificates.verify.title')}</h1>
      {codePattern.test(code) ? (
        <Verification code={code} />
      ) : (
        <p className="status status--not-found">{t('certificates.verify.notFound')}</p>
      )}
      <CredentialCheck />
    </div>
  );
}

/** /certificate: the check of a pasted Open Badges credential on its own, without a code. */
export function VerifyCredentialRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('badges.verify.title'));
  return (
    <div className="page-narrow verify-certificate">
      <h1>{t('certificates.verify.title')}</h1>
      <CredentialCheck />
    </div>
  );
}

function Verification({ code }: { code: string }) {
  const { t } = useTranslation();
  const verification = useVerification(code);
  if (verification.isPending) return <Loading />;
  if (verification.isError) {
    return isNotFound(verification.error) ? (
      <p className="status status--not-found">{t('certificates.verify.notFound')}</p>
    ) : (
      <ErrorPanel
        message={t('certificates.verify.loadError')}
        onRetry={() => void verification.refetch()}
        error={verification.error}
      />
    );
  }
  const data = verification.data;
  if (data.status === 'erased') {
    // Its holder was erased: the page says only that, and the code that was asked about.
    return (
      <>
        <div className="alert alert--info" role="status">
          <p>
            <strong>{t('certificates.verify.erased')}</strong>
          </p>
        </div>
        <dl className="certificate-card__facts">
          <dt>{t('certificates.code')}</dt>
          <dd>
            <code>{data.code}</code>
          </dd>
        </dl>
      </>
    );
  }
  const tone = data.status === 'valid' ? 'success' : data.status === 'expired' ? 'info' : 'danger';
  return (
    <>
      <div className={`alert alert--${tone}`} role="status">
        <p>
          <strong>{t(`certificates.verify.${data.status}`)}</strong>
        </p>
      </div>
      <dl className="certificate-card__facts">
        <dt>{t('certificates.verify.status')}</dt>
        <dd>
          <CertificateStatusBadge status={data.status} />
        </dd>
        <dt>{t('certificates.verify.name')}</dt>
        <dd>{data.name}</dd>
        <dt>{t(`certificates.kind.${data.kind}`)}</dt>
        <dd>{data.itemName}</dd>
        <dt>{t('certificates.issuedAt')}</dt>
        <dd>{formatDate(data.issuedAt)}</dd>
        <dt>{t('certificates.expiresAt')}</dt>
        <dd>{data.expiresAt ? formatDate(data.expiresAt) : t('certificates.neverExpires')}</dd>
        {data.revokedAt && (
          <>
            <dt>{t('certificates.revokedAt')}</dt>
            <dd>{formatDate(data.revokedAt)}</dd>
          </>
        )}
        <dt>{t('certificates.code')}</dt>
        <dd>
          <code>{data.code}</code>
        </dd>
      </dl>
    </>
  );
}
