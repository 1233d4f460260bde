import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CertificateReview = RouterOutputs['certificate']['reviews'][number];

/** The fraud check's open cases (admins and the modules' teachers). */
export const useCertificateReviews = () => useQuery(trpc.certificate.reviews.queryOptions());
