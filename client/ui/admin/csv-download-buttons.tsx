import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvVariant } from '../../lib/download';

/**
 * The two buttons of a CSV download: plain CSV, and the spreadsheet variant (semicolons, local
 * dates) that Excel and LibreOffice in Dutch or French split into columns. Two plain buttons, each
 * naming what it gives, for the page's actions row (which wraps on a narrow screen); the one at
 * work shows a spinner and both wait for it.
 */
export function CsvDownloadButtons({
  label,
  pending,
  onDownload,
}: {
  /** The plain download's text ("Download CSV"). */
  label: string;
  /** The variant being downloaded, if any. */
  pending: CsvVariant | null;
  onDownload: (variant: CsvVariant) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const button = (variant: CsvVariant, text: string, extra: object = {}) => (
    <button
      type="button"
      className="button button--small button--ghost"
      onClick={() => onDownload(variant)}
      disabled={pending !== null}
      {...extra}
    >
      {pending === variant && <span className="spinner spinner--small" aria-hidden="true" />}
      {text}
    </button>
  );
  return (
    <>
      {button('plain', label)}
      {button('spreadsheet', t('csvDownload.spreadsheet'), {
        'aria-describedby': hintId,
        title: t('csvDownload.spreadsheetHint'),
      })}
      <span id={hintId} hidden>
        {t('csvDownload.spreadsheetHint')}
      </span>
    </>
  );
}
