import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Enrolment's first half: a new secret as a QR code and as text (after signing in again). */
export const useBeginSecondFactor = () => useMutation(trpc.secondFactor.begin.mutationOptions());

/** Enrolment's second half: the app's first code turns it on; answers the recovery codes, once. */
export function useConfirmSecondFactor() {
  const client = useQueryClient();
  return useMutation(
    trpc.secondFactor.confirm.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.secondFactor.status.pathFilter()),
    }),
  );
}

/** Turns two-step sign-in off (after signing in again with it). */
export function useRemoveSecondFactor() {
  const client = useQueryClient();
  return useMutation(
    trpc.secondFactor.remove.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.secondFactor.status.pathFilter()),
    }),
  );
}
