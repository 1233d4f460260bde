import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** Every change to the role, oldest first, with who made it and when. */
export const useRoleHistory = (name: string) => useQuery(trpc.role.history.queryOptions({ name }));
