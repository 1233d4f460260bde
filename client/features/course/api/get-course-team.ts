import { useQuery } from '@tanstack/react-query';
import { isFinal, type RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CourseTeam = RouterOutputs['course']['team'];
export type TeamMember = CourseTeam['owners'][number];

/** The course's owners (its team) and, when the course shows them to this user, its participants. */
export const useCourseTeam = (path: string) =>
  useQuery(
    trpc.course.team.queryOptions({ path }, { retry: (count, error) => !isFinal(error) && count < 2 }),
  );
