import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** The expiring certificates as CSV, named by the server (with today's date). */
const downloadExpiringCsv = () => downloadFile('/api/certificates/expiring.csv', 'expiring-certificates.csv');

export const useDownloadExpiringCsv = () => useMutation({ mutationFn: downloadExpiringCsv });
