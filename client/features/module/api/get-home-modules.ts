import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type HomeModule = RouterOutputs['module']['list'][number];

/** The published modules flagged for the home page (onHome) that this visitor may see. */
export const getHomeModulesQueryOptions = () =>
  queryOptions({
    queryKey: ['modules', 'list', { onHome: true }] as const,
    queryFn: () => api.module.list.query({ published: true, onHome: true }),
  });

export const useHomeModules = () => useQuery(getHomeModulesQueryOptions());
