import {
  skipToken,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';
import { contentChanges } from './content-mutation';

export type AdminModule = RouterOutputs['module']['list'][number];
/** Where a module is used: a course (its sections included), a section, or nowhere. */
export type ModuleUsageFilter =
  | { kind: 'course'; path: string }
  | { kind: 'section'; path: string }
  | { kind: 'none' };
export type ModuleUse = NonNullable<AdminModule['usedIn']>[number];
export type ModuleDetail = RouterOutputs['module']['byPath'];

/**
 * Modules as the admin area sees them: unpublished and non-public ones too, given the view right,
 * each with where it is used; `usedIn` keeps those of a course, a section or of none.
 */
export const useAdminModules = (usedIn?: ModuleUsageFilter) =>
  useQuery(trpc.module.list.queryOptions(usedIn ? { onAdmin: true, usedIn } : { onAdmin: true }));

export const useModule = (path: string, enabled = true) =>
  useQuery(trpc.module.byPath.queryOptions({ path }, { enabled }));

export const useModuleHistory = (path: string) => useQuery(trpc.module.history.queryOptions({ path }));

/** The module as it was at `at`; null before it existed. */
export const useModuleAsOf = (path: string, at: string | null) =>
  useQuery(trpc.module.asOf.queryOptions(at !== null ? { path, at } : skipToken));

/** A mutation on modules that refreshes what shows modules once it is done. */
function useModuleMutation<Output, Failure, Input>(
  options: UseMutationOptions<Output, Failure, Input>,
  alsoLinks = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSettled: () =>
      Promise.all(
        [...contentChanges.module(), ...(alsoLinks ? contentChanges.link() : [])].map((filter) =>
          queryClient.invalidateQueries(filter),
        ),
      ),
  });
}

export const useCreateModule = () => useModuleMutation(trpc.module.create.mutationOptions());
export const useUpdateModule = () => useModuleMutation(trpc.module.update.mutationOptions());
export const useTranslateModule = () => useModuleMutation(trpc.module.translate.mutationOptions());
export const usePublishModule = () =>
  useModuleMutation({
    mutationFn: ({ path, published }: { path: string; published: boolean }) =>
      published ? api.module.publish.mutate({ path }) : api.module.unpublish.mutate({ path }),
  });
/** A deleted module also leaves the courses and sections it was linked to. */
export const useDeleteModule = () =>
  useModuleMutation({ mutationFn: (path: string) => api.module.delete.mutate({ path }) }, true);
export const useDuplicateModule = () =>
  useModuleMutation({ mutationFn: (path: string) => api.module.duplicate.mutate({ path }) });
export const useOrderPages = () => useModuleMutation(trpc.module.orderPages.mutationOptions());
export const useModuleOwner = () =>
  useModuleMutation({
    mutationFn: ({ path, userId, owner }: { path: string; userId: string; owner: boolean }) =>
      owner ? api.module.addOwner.mutate({ path, userId }) : api.module.removeOwner.mutate({ path, userId }),
  });

/** Links a module under a course or section (the module then shows there). */
export const useLinkModule = () =>
  useModuleMutation(
    {
      mutationFn: (input: { itemPath: string; parentType: 'course' | 'section'; parentPath: string }) =>
        api.link.addItemToParent.mutate({ itemType: 'module', ...input }),
    },
    true,
  );

/** The people holding the teacher role, who can be linked as owners. */
export const useTeachers = () => useQuery(trpc.link.teachers.queryOptions());
