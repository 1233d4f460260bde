import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type ModuleSummary = RouterOutputs['module']['list'][number];

/** The modules this visitor may open (the /module list; the one visibility rule). */
export const getModulesQueryOptions = () =>
  queryOptions({
    queryKey: ['modules', 'list'] as const,
    queryFn: () => api.module.list.query({}),
  });

export const useModules = () => useQuery(getModulesQueryOptions());
