import { api } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { useContentMutation } from '../../../ui/admin/api/content-mutation';

export const useCreateFile = () => useContentMutation('file', trpc.file.create.mutationOptions());

export const useUpdateFile = () => useContentMutation('file', trpc.file.update.mutationOptions());

export const useDeleteFile = () =>
  useContentMutation('file', { mutationFn: (path: string) => api.file.delete.mutate({ path }) });

export const useDuplicateFile = () =>
  useContentMutation('file', { mutationFn: (path: string) => api.file.duplicate.mutate({ path }) });
