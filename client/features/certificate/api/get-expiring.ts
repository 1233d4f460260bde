import { useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { certificateKeys } from './keys';

export type ExpiringCertificates = RouterOutputs['certificate']['expiring'];

/** Standing certificates expiring in the next 90 days, with their holders and reminders (manage_users). */
export const useExpiringCertificates = () =>
  useQuery({ queryKey: certificateKeys.expiring(), queryFn: () => api.certificate.expiring.query() });
