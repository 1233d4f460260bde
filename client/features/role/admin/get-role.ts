import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

export const useRole = (name: string) => useQuery(trpc.role.byName.queryOptions({ name }));
