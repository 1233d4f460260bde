import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type HistoryEntry = RouterOutputs['user']['history'][number];

/** Every change to the account, oldest first, with who made it and when. */
export const useUserHistory = (userId: string) => useQuery(trpc.user.history.queryOptions({ _id: userId }));
