import { useTranslation } from 'react-i18next';
import { SignedInOnly } from '../../../ui/signed-in-only';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { MyCertificates } from './my-certificates';

/** /user/certificates and /certificates: the signed-in person's certificates. */
export function CertificatesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('certificates.title'));
  return (
    <SignedInOnly errorMessage={t('certificates.loadError')}>
      {() => (
        <div className="page-narrow">
          <h1>{t('certificates.title')}</h1>
          <p className="page-lead">{t('certificates.lead')}</p>
          <MyCertificates />
        </div>
      )}
    </SignedInOnly>
  );
}
