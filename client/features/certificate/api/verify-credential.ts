import { useMutation } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CredentialCheck = RouterOutputs['badge']['verify'];

/** Checks a pasted credential: signature, status and validity; public, no sign-in needed. */
export const useVerifyCredential = () => useMutation(trpc.badge.verify.mutationOptions());
