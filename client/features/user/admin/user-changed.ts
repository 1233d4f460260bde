import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/**
 * After a change to one user's account: the user lists, their page and history, and one's own
 * account (an admin may have changed themselves).
 */
export function useUserChanged() {
  const queryClient = useQueryClient();
  return (_: unknown, { _id }: { _id: string }) =>
    Promise.all([
      queryClient.invalidateQueries(trpc.user.list.pathFilter()),
      queryClient.invalidateQueries(trpc.user.byId.queryFilter({ _id })),
      queryClient.invalidateQueries(trpc.user.history.queryFilter({ _id })),
      queryClient.invalidateQueries(trpc.user.me.pathFilter()),
    ]);
}
