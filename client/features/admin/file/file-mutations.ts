import { api, type RouterInputs } from '../../../lib/trpc';
import { useContentMutation } from '../shared/content-mutation';

export const useCreateFile = () =>
  useContentMutation('file', (input: RouterInputs['file']['create']) => api.file.create.mutate(input));

export const useUpdateFile = () =>
  useContentMutation('file', (input: RouterInputs['file']['update']) => api.file.update.mutate(input));

export const useDeleteFile = () =>
  useContentMutation('file', (path: string) => api.file.delete.mutate({ path }));

export const useDuplicateFile = () =>
  useContentMutation('file', (path: string) => api.file.duplicate.mutate({ path }));
