import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type LearnerThread = RouterOutputs['message']['mine'][number];

/** The signed-in learner's threads, newest first; each visit shows whether an answer came. */
export const useMyThreads = () => useQuery(trpc.message.mine.queryOptions(undefined, { staleTime: 0 }));

export const useMyThread = (thread: string) =>
  useQuery(trpc.message.thread.queryOptions({ thread }, { staleTime: 0 }));

/** Asks the teachers of a page; the learner's list changes with it. */
export function useAskQuestion() {
  const client = useQueryClient();
  return useMutation(
    trpc.message.ask.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.message.mine.pathFilter()),
    }),
  );
}

export function useFollowUp() {
  const client = useQueryClient();
  return useMutation(
    trpc.message.followUp.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.message.pathFilter()),
    }),
  );
}

/** The replies of an open thread are read: its unread count in the list goes. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation(
    trpc.message.markRead.mutationOptions({
      onSuccess: ({ recorded }) =>
        recorded ? client.invalidateQueries(trpc.message.mine.pathFilter()) : undefined,
    }),
  );
}
