import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveTextFile } from '../../../lib/download';
import { api } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ExportFormat = 'json' | 'html';

/**
 * A subject access request: a person's export (manage_users), saved as a file. The server records
 * it in their history, which is read again; an erased person answers `{ erased, erasedAt }`.
 */
export function useExportUserData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, format }: { userId: string; format: ExportFormat }) => {
      const answer = await api.user.exportData.mutate({ _id: userId, format });
      if (!answer.erased) saveTextFile(answer.fileName, answer.mimeType, answer.content);
      return answer;
    },
    onSuccess: (_, { userId }) =>
      queryClient.invalidateQueries(trpc.user.history.queryFilter({ _id: userId })),
  });
}
