import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** The signed-in person's certificate for a course; null when they hold none. */
export const useCourseCertificate = (path: string, enabled = true) =>
  useQuery(trpc.certificate.forCourse.queryOptions({ path }, { enabled }));
