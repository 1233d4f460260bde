import { useTranslation } from 'react-i18next';
import { useCourseCertificate } from '../../../lib/course-certificate';
import { Empty, Loading } from '../../../ui/status';
import { CertificateCard } from '../components/certificate-card';

/** The 'Your Certificate' tab of a course: the participant's course certificate. */
export function CourseCertificateTab({ coursePath }: { coursePath: string }) {
  const { t } = useTranslation();
  const certificate = useCourseCertificate(coursePath);
  if (certificate.isPending) return <Loading />;
  if (certificate.isError) return <p className="status status--error">{t('certificates.loadError')}</p>;
  return (
    <section aria-labelledby="course-certificate-title">
      <h2 id="course-certificate-title">{t('certificates.course.tab')}</h2>
      {certificate.data ? (
        <CertificateCard certificate={certificate.data} headingLevel={3} />
      ) : (
        <Empty>{t('certificates.course.none')}</Empty>
      )}
    </section>
  );
}
