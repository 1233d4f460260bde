import '../certificate.css';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { useDownloadCertificatePdf } from '../api/download-pdf';
import type { CertificateView } from '../api/get-my-certificates';
import { WalletDownloads } from './wallet-downloads';

const badgeClass = {
  valid: 'badge',
  expired: 'badge badge--warning',
  revoked: 'badge badge--muted',
} as const;

/** The state of a certificate as a badge: valid, expired or revoked. */
export function CertificateStatusBadge({ status }: { status: CertificateView['status'] }) {
  const { t } = useTranslation();
  return <span className={badgeClass[status]}>{t(`certificates.status.${status}`)}</span>;
}

/**
 * One certificate: what it is for, its state and dates, the PDF (not for a revoked one) and the
 * public verification page. `headingLevel` keeps the outline right wherever it is placed.
 */
export function CertificateCard({
  certificate,
  headingLevel = 2,
}: {
  certificate: CertificateView;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const download = useDownloadCertificatePdf();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="certificate-card" aria-labelledby={`certificate-${certificate.code}`}>
      <Heading id={`certificate-${certificate.code}`} className="certificate-card__title">
        {certificate.itemName}
      </Heading>
      <p className="badges">
        <CertificateStatusBadge status={certificate.status} />
        <span className="badge badge--muted">{t(`certificates.kind.${certificate.kind}`)}</span>
      </p>
      <dl className="certificate-card__facts">
        <dt>{t('certificates.issuedAt')}</dt>
        <dd>{formatDate(certificate.issuedAt)}</dd>
        <dt>{t('certificates.expiresAt')}</dt>
        <dd>{certificate.expiresAt ? formatDate(certificate.expiresAt) : t('certificates.neverExpires')}</dd>
        {certificate.revokedAt && (
          <>
            <dt>{t('certificates.revokedAt')}</dt>
            <dd>{formatDate(certificate.revokedAt)}</dd>
          </>
        )}
        <dt>{t('certificates.code')}</dt>
        <dd>
          <code>{certificate.code}</code>
        </dd>
      </dl>
      <div className="button-row">
        {certificate.status !== 'revoked' && (
          <button
            type="button"
            className="button button--small"
            disabled={download.isPending}
            onClick={() => download.mutate(certificate.code)}
          >
            {download.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
            {t('certificates.downloadPdf')}
          </button>
        )}
        <a className="button button--ghost button--small" href={`/certificate/${certificate.code}`}>
          {t('certificates.verifyLink')}
        </a>
      </div>
      {download.isError && (
        <Alert tone="danger">
          <p>{problemOf(download.error).message ?? t('certificates.pdfError')}</p>
        </Alert>
      )}
      {certificate.status !== 'revoked' && <WalletDownloads code={certificate.code} />}
    </article>
  );
}
