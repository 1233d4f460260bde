import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from './trpc';
import { trpc } from './trpc-query';

export type CourseSection = RouterOutputs['section']['listByCourse'][number];

/** A course's sections in the order its editors gave them; learners get the published ones. */
export const useSections = (coursePath: string) =>
  useQuery(trpc.section.listByCourse.queryOptions({ path: coursePath }));
