import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useCertify, useRevokeModuleCertificate } from '../api/certificate-mutations';

/**
 * certify(module, user) from a participant's result (admins and the module's teachers): a button,
 * a confirmation, then 'certificate assigned' or the server's reason for a refusal. With `holds`,
 * the button revokes instead ('certificate removed'). Shown only to who may certify this person.
 */
export function CertifyButton({
  modulePath,
  userId,
  userName,
  holds = false,
  onDone,
}: {
  modulePath: string;
  userId: string;
  userName: string;
  /** The participant holds a valid certificate for the module: offer to revoke it. */
  holds?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const certify = useCertify();
  const revoke = useRevokeModuleCertificate();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const busy = certify.isPending || revoke.isPending;

  const confirm = async () => {
    setNotice(null);
    try {
      if (holds) await revoke.mutateAsync({ module: modulePath, user: userId });
      else await certify.mutateAsync({ module: modulePath, user: userId });
      setNotice({ tone: 'success', text: holds ? t('certificates.removed') : t('certificates.assigned') });
      onDone?.();
    } catch (error) {
      setNotice({ tone: 'danger', text: problemOf(error).message ?? t('certificates.error') });
    } finally {
      setOpen(false);
    }
  };

  return (
    <div className="certify-button">
      <button
        type="button"
        className={holds ? 'button button--danger-ghost button--small' : 'button button--small'}
        disabled={busy}
        onClick={() => {
          setNotice(null);
          setOpen(true);
        }}
      >
        {holds ? t('certificates.certify.revoke') : t('certificates.certify.button')}
      </button>
      <ConfirmDialog
        open={open}
        title={holds ? t('certificates.certify.revokeTitle') : t('certificates.certify.title')}
        message={
          <p>
            {t(holds ? 'certificates.certify.revokeText' : 'certificates.certify.text', { name: userName })}
          </p>
        }
        confirmLabel={holds ? t('certificates.certify.revoke') : t('certificates.certify.confirm')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
      {notice && (
        <Alert tone={notice.tone}>
          <p>{notice.text}</p>
        </Alert>
      )}
    </div>
  );
}
