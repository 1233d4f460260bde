import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';
import { allModulesQueryKey } from '../module/modules';

export type AdminPage = RouterOutputs['page']['editable'];

export const allPagesQueryKey = ['admin', 'pages'] as const;
export const pageQueryKey = (path: string) => [...allPagesQueryKey, 'byPath', path] as const;

/** The page with its answer key (option scores): the editor needs it, learners never get it. */
export const getPageQueryOptions = (path: string) =>
  queryOptions({
    queryKey: pageQueryKey(path),
    queryFn: () => api.page.editable.query({ path }),
  });
export const usePage = (path: string) => useQuery(getPageQueryOptions(path));

export const usePageHistory = (path: string) =>
  useQuery({
    queryKey: [...allPagesQueryKey, 'history', path],
    queryFn: () => api.page.history.query({ path }),
  });

export const usePageAsOf = (path: string, at: string | null) =>
  useQuery({
    queryKey: [...allPagesQueryKey, 'asOf', path, at],
    queryFn: () => api.page.asOf.query({ path, at: at ?? '' }),
    enabled: at !== null,
  });

/** Page changes also change the module (its page list, estimated time): both are refreshed. */
function usePageMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allPagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allModulesQueryKey }),
      ]),
  });
}

export const useCreatePage = () =>
  usePageMutation((input: RouterInputs['page']['create']) => api.page.create.mutate(input));
export const useUpdatePage = () =>
  usePageMutation((input: RouterInputs['page']['update']) => api.page.update.mutate(input));
export const useDeletePage = () => usePageMutation((path: string) => api.page.delete.mutate({ path }));
export const useDuplicatePage = () => usePageMutation((path: string) => api.page.duplicate.mutate({ path }));

export type ModulePageRow = RouterOutputs['page']['listByModule'][number];

/** A module's pages in their order (the admin pages list). */
export const useModulePages = (modulePath: string) =>
  useQuery({
    queryKey: [...allPagesQueryKey, 'byModule', modulePath],
    queryFn: () => api.page.listByModule.query({ path: modulePath }),
  });
