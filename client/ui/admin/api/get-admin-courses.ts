import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type AdminCourse = RouterOutputs['course']['list'][number];

/** Courses as the admin area sees them: unpublished and non-public ones too, given the view right. */
export const useAdminCourses = () => useQuery(trpc.course.list.queryOptions({ onAdmin: true }));
