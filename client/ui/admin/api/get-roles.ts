import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type Role = RouterOutputs['role']['list'][number];

/** The configured roles by name (the built-in admin is not among them). */
export const useRoles = (enabled = true) => useQuery(trpc.role.list.queryOptions(undefined, { enabled }));
