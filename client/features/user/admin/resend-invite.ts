import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';

/** Mails a new code to an account that has not chosen its password yet. */
export function useResendInvite() {
  return useMutation({ mutationFn: (userId: string) => api.user.resendInvite.mutate({ _id: userId }) });
}
