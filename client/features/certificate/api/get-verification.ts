import { useQuery } from '@tanstack/react-query';
import { isFinal } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** What a verification code says; public, no sign-in needed. */
export const useVerification = (code: string) =>
  useQuery(
    trpc.certificate.verify.queryOptions({ code }, { retry: (count, error) => !isFinal(error) && count < 2 }),
  );
