import { api, type RouterInputs } from '../../../lib/trpc';
import { useContentMutation } from '../shared/content-keys';

export const useCreateFile = () =>
  useContentMutation((input: RouterInputs['file']['create']) => api.file.create.mutate(input));

export const useUpdateFile = () =>
  useContentMutation((input: RouterInputs['file']['update']) => api.file.update.mutate(input));

export const useDeleteFile = () => useContentMutation((path: string) => api.file.delete.mutate({ path }));

export const useDuplicateFile = () =>
  useContentMutation((path: string) => api.file.duplicate.mutate({ path }));
