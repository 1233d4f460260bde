import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Makes an account; the person gets a mail with a code to choose a password. Answers its id. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.user.list.pathFilter()),
    }),
  );
}
