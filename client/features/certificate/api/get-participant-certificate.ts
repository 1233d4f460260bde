import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type ParticipantCertificate = RouterOutputs['certificate']['ofParticipant'];

/** A participant's latest certificate for a module (valid, expired or revoked), for who certifies. */
export const useParticipantCertificate = (module: string, user: string) =>
  useQuery(trpc.certificate.ofParticipant.queryOptions({ module, user }));
