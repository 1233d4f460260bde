import { useMutation } from '@tanstack/react-query';
import { type CsvVariant, csvUrl, downloadFile } from '../../../lib/download';

/** The expiring certificates as CSV, plain or for a spreadsheet, named by the server (with today's date). */
const downloadExpiringCsv = (variant: CsvVariant) =>
  downloadFile(csvUrl('/api/certificates/expiring.csv', variant), 'expiring-certificates.csv');

export const useDownloadExpiringCsv = () => useMutation({ mutationFn: downloadExpiringCsv });
