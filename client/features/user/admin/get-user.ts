import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type AdminUserDetail = RouterOutputs['user']['byId'];

export const useUser = (userId: string) => useQuery(trpc.user.byId.queryOptions({ _id: userId }));
