import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CertificateView = RouterOutputs['certificate']['mine'][number];

/** The signed-in person's certificates, newest first. */
export const useMyCertificates = () => useQuery(trpc.certificate.mine.queryOptions());
