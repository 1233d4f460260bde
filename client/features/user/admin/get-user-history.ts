import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Every change to the account, oldest first, with who made it and when. */
export const useUserHistory = (userId: string) => useQuery(trpc.user.history.queryOptions({ _id: userId }));
