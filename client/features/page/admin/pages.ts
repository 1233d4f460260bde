import {
  skipToken,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { contentChanges } from '../../../ui/admin/api/content-mutation';

export type AdminPage = RouterOutputs['page']['editable'];

/** The page with its answer key (option scores): the editor needs it, learners never get it. */
export const usePage = (path: string) => useQuery(trpc.page.editable.queryOptions({ path }));

export const usePageHistory = (path: string) => useQuery(trpc.page.history.queryOptions({ path }));

export const usePageAsOf = (path: string, at: string | null) =>
  useQuery(trpc.page.asOf.queryOptions(at !== null ? { path, at } : skipToken));

/** Page changes also change the module (its page list, estimated time): both are refreshed. */
function usePageMutation<Output, Failure, Input>(options: UseMutationOptions<Output, Failure, Input>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSettled: () =>
      Promise.all(contentChanges.page().map((filter) => queryClient.invalidateQueries(filter))),
  });
}

export const useCreatePage = () => usePageMutation(trpc.page.create.mutationOptions());
export const useUpdatePage = () => usePageMutation(trpc.page.update.mutationOptions());
/** Whether learners see the page, and the author's draft beside it (docs/guide/modules-and-pages.md). */
export const usePageDraft = (path: string) => useQuery(trpc.page.draft.queryOptions({ path }));
export type PageDraftState = RouterOutputs['page']['draft'];
/** The paths of a module's pages that have a draft (for its editors). */
export const useModuleDraftPages = (modulePath: string, enabled: boolean) =>
  useQuery(trpc.page.draftsOfModule.queryOptions({ path: modulePath }, { enabled }));
export const useSavePageDraft = () => usePageMutation(trpc.page.saveDraft.mutationOptions());
export const usePublishPageChanges = () => usePageMutation(trpc.page.publishChanges.mutationOptions());
export const useDiscardPageDraft = () => usePageMutation(trpc.page.discardDraft.mutationOptions());
export const useDeletePage = () =>
  usePageMutation({ mutationFn: (path: string) => api.page.delete.mutate({ path }) });
export const useDuplicatePage = () =>
  usePageMutation({ mutationFn: (path: string) => api.page.duplicate.mutate({ path }) });

export type ModulePageRow = RouterOutputs['page']['listByModule'][number];

/** A module's pages in their order (the admin pages list). */
export const useModulePages = (modulePath: string) =>
  useQuery(trpc.page.listByModule.queryOptions({ path: modulePath }));
