import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';

export type AdminModule = RouterOutputs['module']['list'][number];
/** Where a module is used: a course (its sections included), a section, or nowhere. */
export type ModuleUsageFilter =
  | { kind: 'course'; path: string }
  | { kind: 'section'; path: string }
  | { kind: 'none' };
export type ModuleUse = NonNullable<AdminModule['usedIn']>[number];
export type ModuleDetail = RouterOutputs['module']['byPath'];
export type ModuleHistoryEntry = RouterOutputs['module']['history'][number];

/** Everything about modules in the admin area (lists, details, histories): invalidated together. */
export const allModulesQueryKey = ['admin', 'modules'] as const;
export const adminModulesQueryKey = [...allModulesQueryKey, 'list'] as const;
export const moduleQueryKey = (path: string) => [...allModulesQueryKey, 'byPath', path] as const;

/**
 * Modules as the admin area sees them: unpublished and non-public ones too, given the view right,
 * each with where it is used; `usedIn` keeps those of a course, a section or of none.
 */
export const getAdminModulesQueryOptions = (usedIn?: ModuleUsageFilter) =>
  queryOptions({
    queryKey: usedIn ? [...adminModulesQueryKey, usedIn] : adminModulesQueryKey,
    queryFn: () => api.module.list.query(usedIn ? { onAdmin: true, usedIn } : { onAdmin: true }),
  });
export const useAdminModules = (usedIn?: ModuleUsageFilter) => useQuery(getAdminModulesQueryOptions(usedIn));

export const getModuleQueryOptions = (path: string) =>
  queryOptions({
    queryKey: moduleQueryKey(path),
    queryFn: () => api.module.byPath.query({ path }),
  });
export const useModule = (path: string, enabled = true) =>
  useQuery({ ...getModuleQueryOptions(path), enabled });

export const useModuleHistory = (path: string) =>
  useQuery({
    queryKey: [...allModulesQueryKey, 'history', path],
    queryFn: () => api.module.history.query({ path }),
  });

/** The module as it was at `at`; null before it existed. */
export const useModuleAsOf = (path: string, at: string | null) =>
  useQuery({
    queryKey: [...allModulesQueryKey, 'asOf', path, at],
    queryFn: () => api.module.asOf.query({ path, at: at ?? '' }),
    enabled: at !== null,
  });

/** A mutation on modules that refreshes every module query once it is done. */
function useModuleMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Courses and sections list their modules too: every admin list reads again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useCreateModule = () =>
  useModuleMutation((input: RouterInputs['module']['create']) => api.module.create.mutate(input));
export const useUpdateModule = () =>
  useModuleMutation((input: RouterInputs['module']['update']) => api.module.update.mutate(input));
export const useTranslateModule = () =>
  useModuleMutation((input: RouterInputs['module']['translate']) => api.module.translate.mutate(input));
export const usePublishModule = () =>
  useModuleMutation(({ path, published }: { path: string; published: boolean }) =>
    published ? api.module.publish.mutate({ path }) : api.module.unpublish.mutate({ path }),
  );
export const useDeleteModule = () => useModuleMutation((path: string) => api.module.delete.mutate({ path }));
export const useDuplicateModule = () =>
  useModuleMutation((path: string) => api.module.duplicate.mutate({ path }));
export const useOrderPages = () =>
  useModuleMutation((input: RouterInputs['module']['orderPages']) => api.module.orderPages.mutate(input));
export const useModuleOwner = () =>
  useModuleMutation(({ path, userId, owner }: { path: string; userId: string; owner: boolean }) =>
    owner ? api.module.addOwner.mutate({ path, userId }) : api.module.removeOwner.mutate({ path, userId }),
  );

/** Links a module under a course or section (the module then shows there). */
export const useLinkModule = () =>
  useModuleMutation((input: { itemPath: string; parentType: 'course' | 'section'; parentPath: string }) =>
    api.link.addItemToParent.mutate({ itemType: 'module', ...input }),
  );

/** The people holding the teacher role, who can be linked as owners. */
export const useTeachers = () =>
  useQuery({
    queryKey: ['admin', 'teachers'],
    queryFn: () => api.link.teachers.query(),
  });
