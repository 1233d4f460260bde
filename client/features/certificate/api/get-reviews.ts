import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** The fraud check's open cases (admins and the modules' teachers). */
export const useCertificateReviews = () => useQuery(trpc.certificate.reviews.queryOptions());
