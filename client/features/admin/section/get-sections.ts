import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';
import { contentKey } from '../shared/content-keys';

export type AdminSection = RouterOutputs['section']['byPath'];

/** A course's sections in their order. */
export const getCourseSectionsQueryOptions = (coursePath: string) =>
  queryOptions({
    queryKey: contentKey('sections', 'byCourse', coursePath),
    queryFn: () => api.section.listByCourse.query({ path: coursePath }),
  });

export const useCourseSections = (coursePath: string) => useQuery(getCourseSectionsQueryOptions(coursePath));

export const getSectionQueryOptions = (path: string) =>
  queryOptions({
    queryKey: contentKey('sections', 'byPath', path),
    queryFn: () => api.section.byPath.query({ path }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const useSection = (path: string) => useQuery(getSectionQueryOptions(path));

export const useSectionHistory = (path: string, enabled = true) =>
  useQuery({
    queryKey: contentKey('sections', 'history', path),
    queryFn: () => api.section.history.query({ path }),
    enabled,
  });

/** The section as it was at a moment (section.asOf), once a moment is chosen. */
export const useSectionAsOf = (path: string, at: string | null) =>
  useQuery({
    queryKey: contentKey('sections', 'asOf', path, at),
    queryFn: () => api.section.asOf.query({ path, at: at ?? '' }),
    enabled: Boolean(at),
  });
