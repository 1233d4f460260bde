import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/**
 * The signed-in person's certificate for the course (null without one): whether the course page
 * offers its Your Certificate tab. The tab itself reads the same query (one request, one cache entry).
 */
export const useHeldCertificate = (path: string, enabled: boolean) =>
  useQuery(trpc.certificate.forCourse.queryOptions({ path }, { enabled }));
