import { useQuery } from '@tanstack/react-query';
import { trpc } from './trpc-query';

/**
 * The signed-in person's certificate for a course; null when they hold none. The course page asks it
 * to offer its Your Certificate tab, the tab to show it: one request, one cache entry.
 */
export const useCourseCertificate = (path: string, enabled = true) =>
  useQuery(trpc.certificate.forCourse.queryOptions({ path }, { enabled }));
