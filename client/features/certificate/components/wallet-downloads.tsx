import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { type CredentialFormat, useDownloadCredential } from '../api/download-credential';

/** 'Add to wallet': the certificate as an Open Badges 3.0 credential, signed (.jwt) or readable (.json). */
export function WalletDownloads({ code }: { code: string }) {
  const { t } = useTranslation();
  const download = useDownloadCredential();
  const pending = (format: CredentialFormat) => download.isPending && download.variables?.format === format;
  return (
    <section className="wallet-downloads" aria-labelledby={`wallet-${code}`}>
      <p id={`wallet-${code}`} className="wallet-downloads__title">
        <strong>{t('badges.wallet.title')}</strong>
      </p>
      <p className="wallet-downloads__lead">{t('badges.wallet.lead')}</p>
      <div className="button-row">
        {(['jwt', 'json'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className={format === 'jwt' ? 'button button--small' : 'button button--ghost button--small'}
            disabled={download.isPending}
            onClick={() => download.mutate({ code, format })}
          >
            {pending(format) && <span className="spinner spinner--small" aria-hidden="true" />}
            {t(`badges.wallet.${format}`)}
          </button>
        ))}
      </div>
      {download.isError && (
        <Alert tone="danger">
          <p>{problemOf(download.error).message ?? t('badges.wallet.error')}</p>
        </Alert>
      )}
    </section>
  );
}
