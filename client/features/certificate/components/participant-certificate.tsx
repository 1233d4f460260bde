import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { errorCode } from '../../../lib/trpc';
import { useParticipantCertificate } from '../api/get-participant-certificate';
import { CertificateStatusBadge } from './certificate-card';
import { CertifyButton } from './certify-button';

/**
 * A participant's module certificate in their result view: its state and verification link, and,
 * for who may certify this participant (`mayCertify`), the button that assigns one, or revokes the
 * valid one, after a confirmation. Who may not reads why (`why`) or nothing; a certificate this
 * reader may not see is left out, never shown as missing.
 */
export function ParticipantCertificate({
  modulePath,
  userId,
  userName,
  mayCertify,
  why,
}: {
  modulePath: string;
  userId: string;
  userName: string;
  mayCertify: boolean;
  why?: string;
}) {
  const { t } = useTranslation();
  const certificate = useParticipantCertificate(modulePath, userId);
  if (certificate.isPending) return null;
  if (certificate.isError) {
    if (errorCode(certificate.error) === 'FORBIDDEN') return null;
    return (
      <p className="status status--error">
        {problemOf(certificate.error).message ?? t('certificates.loadError')}
      </p>
    );
  }
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
      {mayCertify ? (
        <CertifyButton
          modulePath={modulePath}
          userId={userId}
          userName={userName}
          holds={current?.status === 'valid'}
        />
      ) : (
        why && <p className="muted">{why}</p>
      )}
    </section>
  );
}
