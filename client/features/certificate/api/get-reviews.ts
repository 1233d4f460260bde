import { useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { certificateKeys } from './keys';

export type CertificateReview = RouterOutputs['certificate']['reviews'][number];

/** The fraud check's open cases (admins and the modules' teachers). */
export const useCertificateReviews = () =>
  useQuery({ queryKey: certificateKeys.reviews(), queryFn: () => api.certificate.reviews.query() });
