import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type Course = RouterOutputs['course']['byPath'];

export const courseQueryKey = (path: string) => ['courses', 'byPath', path] as const;

/** One course by its path; fails with NOT_FOUND when it does not exist or is not visible. */
export const getCourseQueryOptions = (path: string) =>
  queryOptions({
    queryKey: courseQueryKey(path),
    queryFn: () => api.course.byPath.query({ path }),
  });

export const useCourse = (path: string) => useQuery(getCourseQueryOptions(path));
