import { useQuery } from '@tanstack/react-query';
import type { RouterInputs, RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CourseListFilter = NonNullable<RouterInputs['course']['list']>;
export type CourseSummary = RouterOutputs['course']['list'][number];

/** Published, public courses (learners' view), optionally only those flagged for the home page. */
export const useCourses = (filter: CourseListFilter = {}) => useQuery(trpc.course.list.queryOptions(filter));
