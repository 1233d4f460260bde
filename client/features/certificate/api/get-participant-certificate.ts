import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** A participant's latest certificate for a module (valid, expired or revoked), for who certifies. */
export const useParticipantCertificate = (module: string, user: string) =>
  useQuery(trpc.certificate.ofParticipant.queryOptions({ module, user }));
