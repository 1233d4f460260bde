import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from '../shared/content-keys';

export type AdminFile = RouterOutputs['file']['list'][number];
export type FileFilter = NonNullable<RouterInputs['file']['list']>;

/** Files: of a course or section (in link order), the unlinked ones (filterByParent), or all. */
export const getFilesQueryOptions = (filter: FileFilter = {}) =>
  queryOptions({
    queryKey: contentKey('files', 'list', filter),
    queryFn: () => api.file.list.query(filter),
  });

export const useFiles = (filter: FileFilter = {}) => useQuery(getFilesQueryOptions(filter));

export const useFile = (path: string) =>
  useQuery({
    queryKey: contentKey('files', 'byPath', path),
    queryFn: () => api.file.byPath.query({ path }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const useFileHistory = (path: string, enabled = true) =>
  useQuery({
    queryKey: contentKey('files', 'history', path),
    queryFn: () => api.file.history.query({ path }),
    enabled,
  });

/** The file as it was at `at`; null before it existed. */
export const useFileAsOf = (path: string, at: string | null) =>
  useQuery({
    queryKey: contentKey('files', 'asOf', path, at),
    queryFn: () => api.file.asOf.query({ path, at: at ?? '' }),
    enabled: at !== null,
  });

/** The uploaded images among the files the author may see: what an image field offers to pick. */
export function useImageChoices() {
  const files = useFiles();
  return (files.data ?? [])
    .filter((file) => file.type === 'image' && file.url.startsWith('/files/'))
    .map((file) => ({ name: file.name, url: file.url }));
}
