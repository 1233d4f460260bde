import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from '../shared/content-keys';

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

export type CourseOwner = RouterOutputs['course']['owners'][number];

/** The course's owners (teachers who may edit it); refused to those who may not see them. */
export const useCourseOwners = (path: string, enabled = true) =>
  useQuery({
    queryKey: contentKey('courses', 'owners', path),
    queryFn: () => api.course.owners.query({ path }),
    enabled,
    retry: (count, error) => !isFinal(error) && count < 2,
  });
