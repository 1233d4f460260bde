import { skipToken, useQuery } from '@tanstack/react-query';
import { isFinal, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type AdminFile = RouterOutputs['file']['list'][number];
export type FileFilter = NonNullable<RouterInputs['file']['list']>;

/** Files: of a course or section (in link order), the unlinked ones (filterByParent), or all. */
export const useFiles = (filter: FileFilter = {}) => useQuery(trpc.file.list.queryOptions(filter));

export const useFile = (path: string) =>
  useQuery(
    trpc.file.byPath.queryOptions({ path }, { retry: (count, error) => !isFinal(error) && count < 2 }),
  );

export const useFileHistory = (path: string, enabled = true) =>
  useQuery(trpc.file.history.queryOptions({ path }, { enabled }));

/** The file as it was at `at`; null before it existed. */
export const useFileAsOf = (path: string, at: string | null) =>
  useQuery(trpc.file.asOf.queryOptions(at !== null ? { path, at } : skipToken));

/** The uploaded images among the files the author may see: what an image field offers to pick. */
export function useImageChoices() {
  const files = useFiles();
  return (files.data ?? [])
    .filter((file) => file.type === 'image' && file.url.startsWith('/files/'))
    .map((file) => ({ name: file.name, url: file.url }));
}
