import { skipToken, useQuery } from '@tanstack/react-query';
import { isFinal, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type AdminSection = RouterOutputs['section']['byPath'];

/** A course's sections in their order. */
export const getCourseSectionsQueryOptions = (coursePath: string) =>
  trpc.section.listByCourse.queryOptions({ path: coursePath });

export const useCourseSections = (coursePath: string) => useQuery(getCourseSectionsQueryOptions(coursePath));

export const useSection = (path: string) =>
  useQuery(
    trpc.section.byPath.queryOptions({ path }, { retry: (count, error) => !isFinal(error) && count < 2 }),
  );

export const useSectionHistory = (path: string, enabled = true) =>
  useQuery(trpc.section.history.queryOptions({ path }, { enabled }));

/** The section as it was at a moment (section.asOf), once a moment is chosen. */
export const useSectionAsOf = (path: string, at: string | null) =>
  useQuery(trpc.section.asOf.queryOptions(at ? { path, at } : skipToken));
