import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useMyCertificates } from '../api/get-my-certificates';
import { CertificateCard } from '../components/certificate-card';

/** The signed-in person's certificates (valid, expired and revoked), each with its PDF and verification. */
export function MyCertificates() {
  const { t } = useTranslation();
  const certificates = useMyCertificates();
  if (certificates.isPending) return <Loading />;
  if (certificates.isError)
    return (
      <ErrorPanel
        message={t('certificates.loadError')}
        onRetry={() => void certificates.refetch()}
        error={certificates.error}
      />
    );
  if (certificates.data.length === 0) {
    return (
      <>
        <Empty>{t('certificates.empty')}</Empty>
        <p>
          <Link href="/course">{t('certificates.browse')}</Link>
        </p>
      </>
    );
  }
  return (
    <ul className="certificate-list">
      {certificates.data.map((certificate) => (
        <li key={certificate.code}>
          <CertificateCard certificate={certificate} />
        </li>
      ))}
    </ul>
  );
}
