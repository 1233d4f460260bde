import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';

export type LearnerModule = RouterOutputs['module']['byPath'];
export type ModulePageSummary = LearnerModule['pages'][number];

export const moduleQueryKey = (path: string) => ['modules', 'byPath', path] as const;

/** One module with its pages in order; NOT_FOUND when absent or not visible to this user. */
export const getModuleQueryOptions = (path: string) =>
  queryOptions({
    queryKey: moduleQueryKey(path),
    queryFn: () => api.module.byPath.query({ path }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const useModule = (path: string) => useQuery(getModuleQueryOptions(path));
