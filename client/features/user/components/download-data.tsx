import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { type DataFormat, useDownloadMyData } from '../api/download-my-data';

/**
 * 'Download my data' (GDPR articles 15 and 20): everything the platform holds about the person, as
 * JSON to take elsewhere or as a page to read, with what is being prepared and what went wrong.
 */
export function DownloadData() {
  const { t } = useTranslation();
  const download = useDownloadMyData();
  const run = (format: DataFormat) => {
    if (!download.isPending) download.mutate(format);
  };
  return (
    <section className="panel" aria-labelledby="download-data-title">
      <h2 id="download-data-title">{t('dataExport.title')}</h2>
      <p>{t('dataExport.lead')}</p>
      <p className="muted">{t('dataExport.formatsHint')}</p>
      <div className="form__actions">
        {(['json', 'html'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className={format === 'json' ? 'button' : 'button button--ghost'}
            onClick={() => run(format)}
            disabled={download.isPending}
          >
            {download.isPending && download.variables === format && (
              <span className="spinner spinner--small" aria-hidden="true" />
            )}
            {t(`dataExport.${format}`)}
          </button>
        ))}
      </div>
      {download.isPending && (
        <p className="muted" role="status">
          {t('dataExport.preparing')}
        </p>
      )}
      {download.isSuccess && (
        <Alert tone="success">
          <p>{t('dataExport.done')}</p>
        </Alert>
      )}
      {download.isError && (
        <Alert tone="danger">
          <p>{problemOf(download.error).message ?? t('dataExport.error')}</p>
        </Alert>
      )}
    </section>
  );
}
