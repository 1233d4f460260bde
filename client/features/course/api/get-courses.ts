import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';

export type CourseListFilter = NonNullable<RouterInputs['course']['list']>;
export type CourseSummary = RouterOutputs['course']['list'][number];

export const coursesQueryKey = (filter: CourseListFilter = {}) => ['courses', 'list', filter] as const;

/** Published, public courses (learners' view), optionally only those flagged for the home page. */
export const getCoursesQueryOptions = (filter: CourseListFilter = {}) =>
  queryOptions({
    queryKey: coursesQueryKey(filter),
    queryFn: () => api.course.list.query(filter),
  });

export const useCourses = (filter: CourseListFilter = {}) => useQuery(getCoursesQueryOptions(filter));
