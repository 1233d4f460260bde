import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { certificateKeys } from './keys';

/** The signed-in person's certificate for a course; null when they hold none. */
export const useCourseCertificate = (path: string, enabled = true) =>
  useQuery({
    queryKey: certificateKeys.forCourse(path),
    queryFn: () => api.certificate.forCourse.query({ path }),
    enabled,
  });
