import { useQuery } from '@tanstack/react-query';
import { api, isFinal, type RouterOutputs } from '../../../lib/trpc';
import { certificateKeys } from './keys';

export type Verification = RouterOutputs['certificate']['verify'];

/** What a verification code says; public, no sign-in needed. */
export const useVerification = (code: string) =>
  useQuery({
    queryKey: certificateKeys.verify(code),
    queryFn: () => api.certificate.verify.query({ code }),
    retry: (count, error) => !isFinal(error) && count < 2,
  });
