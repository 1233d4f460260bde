import { skipToken, useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CourseCertificateList = RouterOutputs['certificate']['courseList'];

/** A course's participants with their course certificate (admin); nothing until a course is picked. */
export const useCourseCertificateList = (path: string | null) =>
  useQuery(trpc.certificate.courseList.queryOptions(path ? { path } : skipToken));
