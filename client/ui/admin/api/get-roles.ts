import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/** The configured roles by name (the built-in admin is not among them). */
export const useRoles = (enabled = true) => useQuery(trpc.role.list.queryOptions(undefined, { enabled }));
