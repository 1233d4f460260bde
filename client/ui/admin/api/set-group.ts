import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Sets the group of several participants within a course (empty: none). */
export function useSetGroup() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.user.setGroup.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.user.list.pathFilter()),
    }),
  );
}
