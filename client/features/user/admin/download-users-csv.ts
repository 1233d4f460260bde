import { useMutation } from '@tanstack/react-query';
import { type CsvVariant, csvUrl, downloadFile } from '../../../lib/download';

/** Every user as CSV (manage_users), saved as users.csv, plain or for a spreadsheet. */
const downloadUsersCsv = (variant: CsvVariant) =>
  downloadFile(csvUrl('/api/users.csv', variant), 'users.csv');

export const useDownloadUsersCsv = () => useMutation({ mutationFn: downloadUsersCsv });
