import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Checks a pasted credential: signature, status and validity; public, no sign-in needed. */
export const useVerifyCredential = () => useMutation(trpc.badge.verify.mutationOptions());
