import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';

export type CourseTeam = RouterOutputs['course']['team'];
export type TeamMember = CourseTeam['owners'][number];

export const courseTeamQueryKey = (path: string) => ['courses', 'team', path] as const;

/** The course's owners (its team) and, when the course shows them to this user, its participants. */
export const getCourseTeamQueryOptions = (path: string) =>
  queryOptions({
    queryKey: courseTeamQueryKey(path),
    queryFn: () => api.course.team.query({ path }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });

export const useCourseTeam = (path: string) => useQuery(getCourseTeamQueryOptions(path));
