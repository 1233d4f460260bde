import { useMutation } from '@tanstack/react-query';
import { saveTextFile } from '../../../lib/download';
import { api } from '../../../lib/trpc';

export type DataFormat = 'json' | 'html';

/**
 * 'Download my data': the signed-in person's own export, fetched fresh each time (never cached) and
 * saved as a file. A mutation for the interface's sake (a button with pending and error states).
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async (format: DataFormat) => {
      const file = await api.user.myData.query({ format });
      saveTextFile(file.fileName, file.mimeType, file.content);
      return format;
    },
  });
}
