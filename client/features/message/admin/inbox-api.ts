import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** The threads this person may answer, open or closed. */
export const useInbox = (status: 'open' | 'closed') =>
  useQuery(trpc.message.inbox.queryOptions({ status }, { staleTime: 0 }));

export const useInboxThread = (thread: string) =>
  useQuery(trpc.message.inboxThread.queryOptions({ thread }, { staleTime: 0 }));

/** A reply changes the thread and the lists. */
export function useReply() {
  const client = useQueryClient();
  return useMutation(
    trpc.message.reply.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.message.pathFilter()),
    }),
  );
}

/** Closing moves the thread from the open list to the closed one. */
export function useCloseThread() {
  const client = useQueryClient();
  return useMutation(
    trpc.message.close.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.message.pathFilter()),
    }),
  );
}
