import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type ModuleSummary = RouterOutputs['module']['list'][number];

/** The published modules a visitor may see (the /module list). */
export const getModulesQueryOptions = () =>
  queryOptions({
    queryKey: ['modules', 'list'] as const,
    queryFn: () => api.module.list.query({ published: true }),
  });

export const useModules = () => useQuery(getModulesQueryOptions());
