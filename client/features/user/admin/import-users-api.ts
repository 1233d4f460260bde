import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** What importing the text would do, row by row; the server writes nothing. */
export function usePreviewImport() {
  return useMutation(trpc.user.previewImport.mutationOptions());
}

/** Imports the text: accounts, links and invitations; the user list changes. */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.import.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.user.list.pathFilter()),
    }),
  );
}
