import '../certificate.css';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import { problemOf } from '../../../lib/forms';
import { CsvDownloadButtons } from '../../../ui/admin/csv-download-buttons';
import { Alert } from '../../../ui/alert';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useDownloadExpiringCsv } from '../api/download-expiring-csv';
import { type ExpiringCertificates, useExpiringCertificates } from '../api/get-expiring';

/** The window the server looks ahead, until it answers (shown in the lead while loading). */
const defaultDays = 90;

/**
 * /admin/users/expiring-certificates: standing timed certificates that expire in the next 90 days,
 * soonest first, with the reminders their holders got, and the same list as CSV (manage_users).
 */
export function ExpiringCertificatesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('expiringCertificates.title'));
  const list = useExpiringCertificates();
  const download = useDownloadExpiringCsv();
  const days = list.data?.days ?? defaultDays;
  const loading = list.isPending || (list.isError && list.isFetching);

  const content = () => {
    if (loading) return <Loading label={t('expiringCertificates.loading')} />;
    if (list.isError)
      return (
        <ErrorPanel
          message={t('expiringCertificates.loadError')}
          onRetry={() => void list.refetch()}
          error={list.error}
        />
      );
    if (list.data.certificates.length === 0)
      return <Empty>{t('expiringCertificates.empty', { days })}</Empty>;
    return <ExpiringTable certificates={list.data.certificates} />;
  };

  return (
    <article className="expiring-certificates">
      <div className="page-header">
        <h1>{t('expiringCertificates.title')}</h1>
        <div className="page-header__actions">
          <CsvDownloadButtons
            label={t('expiringCertificates.download')}
            pending={download.isPending ? download.variables : null}
            onDownload={(variant) => download.mutate(variant)}
          />
        </div>
      </div>
      <p className="page-lead">{t('expiringCertificates.lead', { days })}</p>
      {download.isError && (
        <Alert tone="danger">
          <p>{problemOf(download.error).message ?? t('expiringCertificates.downloadError')}</p>
        </Alert>
      )}
      <section aria-busy={loading} aria-label={t('expiringCertificates.title')}>
        {content()}
      </section>
    </article>
  );
}

function ExpiringTable({ certificates }: { certificates: ExpiringCertificates['certificates'] }) {
  const { t } = useTranslation();
  return (
    <table className="data-table">
      <caption className="visually-hidden">{t('expiringCertificates.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('expiringCertificates.holder')}</th>
          <th scope="col">{t('expiringCertificates.item')}</th>
          <th scope="col">{t('expiringCertificates.expiresAt')}</th>
          <th scope="col">{t('expiringCertificates.reminded')}</th>
        </tr>
      </thead>
      <tbody>
        {certificates.map((certificate) => (
          <tr key={certificate.code}>
            <th scope="row" data-label={t('expiringCertificates.holder')}>
              {certificate.name || '–'} <span className="data-table__email">{certificate.email}</span>
            </th>
            <td data-label={t('expiringCertificates.item')} className="expiring-certificates__item">
              {t(`certificates.kind.${certificate.kind}`)}: {certificate.itemName}
            </td>
            <td data-label={t('expiringCertificates.expiresAt')}>
              {formatDate(certificate.expiresAt)}{' '}
              <span className="muted">
                ({t('expiringCertificates.daysLeft', { count: certificate.daysLeft })})
              </span>
            </td>
            <td data-label={t('expiringCertificates.reminded')}>
              {certificate.reminded.length === 0
                ? t('expiringCertificates.noReminder')
                : certificate.reminded
                    .map((days) => t('expiringCertificates.remindedDays', { days }))
                    .join(', ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
