import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type AdminCourse = RouterOutputs['course']['list'][number];

export const adminCoursesQueryKey = ['admin', 'courses', 'list'] as const;

/** Courses as the admin area sees them: unpublished and non-public ones too, given the view right. */
export const getAdminCoursesQueryOptions = () =>
  queryOptions({
    queryKey: adminCoursesQueryKey,
    queryFn: () => api.course.list.query({ onAdmin: true }),
  });

export const useAdminCourses = () => useQuery(getAdminCoursesQueryOptions());
