import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from './content-keys';

export type AdminCourseDetail = RouterOutputs['course']['byPath'];

export const adminCourseQueryKey = (path: string) => contentKey('courses', 'byPath', path);

/** One course as the admin area sees it (unpublished too, given the view right or ownership). */
export const getAdminCourseQueryOptions = (path: string) =>
  queryOptions({
    queryKey: adminCourseQueryKey(path),
    queryFn: () => api.course.byPath.query({ path }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const useAdminCourse = (path: string | null) =>
  useQuery({ ...getAdminCourseQueryOptions(path ?? ''), enabled: Boolean(path) });
