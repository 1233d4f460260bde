import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type HomeModule = RouterOutputs['module']['list'][number];

/** The modules flagged for the home page (onHome) that this visitor may open (the one visibility rule). */
export const getHomeModulesQueryOptions = () =>
  queryOptions({
    queryKey: ['modules', 'list', { onHome: true }] as const,
    queryFn: () => api.module.list.query({ onHome: true }),
  });

export const useHomeModules = () => useQuery(getHomeModulesQueryOptions());
