import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouterInputs, RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type UserFilter = RouterInputs['user']['list'];
export type AdminUser = RouterOutputs['user']['list'][number];

/**
 * Users by name or e-mail (and course, module or role); the first 200 in name order. While a new
 * search runs, the previous results stay on screen instead of a loading flash.
 */
export const useUsers = (filter: UserFilter = {}, enabled = true) =>
  useQuery(trpc.user.list.queryOptions(filter, { enabled, placeholderData: keepPreviousData }));
