import { useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { certificateKeys } from './keys';

export type CourseCertificateList = RouterOutputs['certificate']['courseList'];

/** A course's participants with their course certificate (admin). */
export const useCourseCertificateList = (path: string | null) =>
  useQuery({
    queryKey: certificateKeys.courseList(path ?? ''),
    queryFn: () => api.certificate.courseList.query({ path: path ?? '' }),
    enabled: Boolean(path),
  });
