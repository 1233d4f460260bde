import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** Every user as CSV (manage_users), saved as users.csv. */
const downloadUsersCsv = () => downloadFile('/api/users.csv', 'users.csv');

export const useDownloadUsersCsv = () => useMutation({ mutationFn: downloadUsersCsv });
