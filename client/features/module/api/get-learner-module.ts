import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';

/** The module as this participant meets it: pages in their order, progress, gates and scores. */
export type LearnerModuleResult = RouterOutputs['result']['module'];
export type LearnerPageProgress = LearnerModuleResult['pages'][number];

export const learnerModuleQueryKey = (path: string) => ['result', 'module', path] as const;

export const getLearnerModuleQueryOptions = (path: string) =>
  queryOptions({
    queryKey: learnerModuleQueryKey(path),
    queryFn: () => api.result.module.query({ module: path }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const useLearnerModule = (path: string) => useQuery(getLearnerModuleQueryOptions(path));
