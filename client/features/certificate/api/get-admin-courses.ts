import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** The courses the admin area lists, to pick one for its certificate list. */
export const useCertificateCourses = () => useQuery(trpc.course.list.queryOptions({ onAdmin: true }));
