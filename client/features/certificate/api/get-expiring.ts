import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ExpiringCertificates = RouterOutputs['certificate']['expiring'];

/** Standing certificates expiring in the next 90 days, with their holders and reminders (manage_users). */
export const useExpiringCertificates = () => useQuery(trpc.certificate.expiring.queryOptions());
