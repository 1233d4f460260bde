import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type CourseSection = RouterOutputs['section']['listByCourse'][number];

/** A course's sections in the order its editors gave them; learners get the published ones. */
export const getSectionsQueryOptions = (coursePath: string) =>
  queryOptions({
    queryKey: ['sections', 'of', coursePath] as const,
    queryFn: () => api.section.listByCourse.query({ path: coursePath }),
  });

export const useSections = (coursePath: string) => useQuery(getSectionsQueryOptions(coursePath));
