import { skipToken, useQuery } from '@tanstack/react-query';
import { isFinal, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type AdminCourseDetail = RouterOutputs['course']['byPath'];

const retry = (count: number, error: unknown) => !isFinal(error) && count < 2;

/** One course as the admin area sees it (unpublished too, given the view right or ownership). */
export const useAdminCourse = (path: string | null) =>
  useQuery(trpc.course.byPath.queryOptions(path ? { path } : skipToken, { retry }));

/** The course's owners (teachers who may edit it); refused to those who may not see them. */
export const useCourseOwners = (path: string, enabled = true) =>
  useQuery(trpc.course.owners.queryOptions({ path }, { enabled, retry }));
