import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type Course = RouterOutputs['course']['byPath'];

/** One course by its path; fails with NOT_FOUND when it does not exist or is not visible. */
export const useCourse = (path: string) => useQuery(trpc.course.byPath.queryOptions({ path }));
