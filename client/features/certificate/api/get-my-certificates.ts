import { useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { certificateKeys } from './keys';

export type CertificateView = RouterOutputs['certificate']['mine'][number];

/** The signed-in person's certificates, newest first. */
export const useMyCertificates = () =>
  useQuery({ queryKey: certificateKeys.mine(), queryFn: () => api.certificate.mine.query() });
