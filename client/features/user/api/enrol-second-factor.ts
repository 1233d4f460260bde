import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { secondFactorQueryKey } from './get-second-factor';

/** Enrolment's first half: a new secret as a QR code and as text (after signing in again). */
export function useBeginSecondFactor() {
  return useMutation({
    mutationFn: (reauth: string) => api.secondFactor.begin.mutate({ reauth }),
  });
}

/** Enrolment's second half: the app's first code turns it on; answers the recovery codes, once. */
export function useConfirmSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.secondFactor.confirm.mutate({ code }),
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorQueryKey }),
  });
}

/** Turns two-step sign-in off (after signing in again with it). */
export function useRemoveSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reauth: string) => api.secondFactor.remove.mutate({ reauth }),
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorQueryKey }),
  });
}
