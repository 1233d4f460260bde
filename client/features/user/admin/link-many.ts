import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Links or unlinks several people to one course or module (all refused without the right). */
export function useLinkMany() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.linkMany.mutationOptions({
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(trpc.user.list.pathFilter()),
          queryClient.invalidateQueries(trpc.user.byId.pathFilter()),
          queryClient.invalidateQueries(trpc.user.history.pathFilter()),
        ]),
    }),
  );
}
