import { useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { certificateKeys } from './keys';

export type ParticipantCertificate = RouterOutputs['certificate']['ofParticipant'];

/** A participant's latest certificate for a module (valid, expired or revoked), for who certifies. */
export const useParticipantCertificate = (module: string, user: string) =>
  useQuery({
    queryKey: certificateKeys.ofParticipant(module, user),
    queryFn: () => api.certificate.ofParticipant.query({ module, user }),
  });
