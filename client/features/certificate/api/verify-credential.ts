import { useMutation } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type CredentialCheck = RouterOutputs['badge']['verify'];

/** Checks a pasted credential: signature, status and validity; public, no sign-in needed. */
export const useVerifyCredential = () =>
  useMutation({ mutationFn: (credential: string) => api.badge.verify.mutate({ credential }) });
