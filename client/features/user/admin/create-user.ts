import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouterInputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type NewUser = RouterInputs['user']['create'];

/** Makes an account; the person gets a mail with a code to choose a password. Answers its id. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.user.list.pathFilter()),
    }),
  );
}
