import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Who changed which fields of the course, when, from what to what. */
export const useCourseHistory = (path: string) => useQuery(trpc.course.history.queryOptions({ path }));

/** The course as it was at a moment (an ISO timestamp); null when it did not exist yet. */
export const useCourseAsOf = (path: string, at: string | null) =>
  useQuery(
    trpc.course.asOf.queryOptions(at ? { path, at } : skipToken, { placeholderData: keepPreviousData }),
  );
