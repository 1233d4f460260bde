import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SignedInOnly } from '../../../ui/signed-in-only';
import { Empty } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';

/**
 * /user/certificates and /certificates. Certificates are issued once modules and results exist;
 * until then nobody has one, and the page says so plainly.
 */
export function CertificatesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('certificates.title'));
  return (
    <SignedInOnly errorMessage={t('certificates.loadError')}>
      {() => (
        <div className="page-narrow">
          <h1>{t('certificates.title')}</h1>
          <Empty>{t('certificates.empty')}</Empty>
          <p>
            <Link href="/course">{t('certificates.browse')}</Link>
          </p>
        </div>
      )}
    </SignedInOnly>
  );
}
