import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';

export type LearnerPage = RouterOutputs['page']['byPath'];

export const getPageQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['pages', 'byPath', path] as const,
    queryFn: () => api.page.byPath.query({ path }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const usePage = (path: string) => useQuery(getPageQueryOptions(path));
