import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';

/** The courses the admin area lists, to pick one for its certificate list. */
export const useCertificateCourses = () =>
  useQuery({
    queryKey: ['certificate', 'courses'] as const,
    queryFn: () => api.course.list.query({ onAdmin: true }),
  });
