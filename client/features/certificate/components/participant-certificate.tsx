import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useParticipantCertificate } from '../api/get-participant-certificate';
import { CertificateStatusBadge } from './certificate-card';
import { CertifyButton } from './certify-button';

/**
 * A participant's module certificate in their result view: its state and verification link, and
 * the button that assigns one, or revokes the valid one, after a confirmation.
 */
export function ParticipantCertificate({
  modulePath,
  userId,
  userName,
}: {
  modulePath: string;
  userId: string;
  userName: string;
}) {
  const { t } = useTranslation();
  const certificate = useParticipantCertificate(modulePath, userId);
  if (certificate.isPending) return null;
  const current = certificate.data ?? null;
  return (
    <section className="participant-certificate" aria-label={t('certificates.certify.current')}>
      <p>
        {current ? (
          <>
            {t('certificates.certify.current')}: <CertificateStatusBadge status={current.status} />{' '}
            <Link href={`/certificate/${current.code}`}>
              <code>{current.code}</code>
            </Link>
          </>
        ) : (
          t('certificates.certify.none')
        )}
      </p>
      <CertifyButton
        modulePath={modulePath}
        userId={userId}
        userName={userName}
        holds={current?.status === 'valid'}
      />
    </section>
  );
}
