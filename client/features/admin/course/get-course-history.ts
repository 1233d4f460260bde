import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from '../shared/content-keys';

export type CourseHistory = RouterOutputs['course']['history'];
export type CourseAsOf = RouterOutputs['course']['asOf'];

/** Who changed which fields of the course, when, from what to what. */
export const getCourseHistoryQueryOptions = (path: string) =>
  queryOptions({
    queryKey: contentKey('courses', 'history', path),
    queryFn: () => api.course.history.query({ path }),
  });

export const useCourseHistory = (path: string) => useQuery(getCourseHistoryQueryOptions(path));

/** The course as it was at a moment (an ISO timestamp); null when it did not exist yet. */
export const useCourseAsOf = (path: string, at: string | null) =>
  useQuery({
    queryKey: contentKey('courses', 'asOf', path, at),
    queryFn: () => api.course.asOf.query({ path, at: at ?? '' }),
    enabled: Boolean(at),
    placeholderData: keepPreviousData,
  });
