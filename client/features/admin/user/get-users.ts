import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterInputs, type RouterOutputs } from '../../../lib/trpc';

export type UserFilter = RouterInputs['user']['list'];
export type AdminUser = RouterOutputs['user']['list'][number];

/** Everything about users in the admin area (lists, details, histories): invalidated together. */
export const allUsersQueryKey = ['admin', 'users'] as const;
export const usersQueryKey = (filter: UserFilter = {}) => [...allUsersQueryKey, 'list', filter] as const;

/** Users by name or e-mail (and course, module or role); the first 200 in name order. */
export const getUsersQueryOptions = (filter: UserFilter = {}) =>
  queryOptions({
    queryKey: usersQueryKey(filter),
    queryFn: () => api.user.list.query(filter),
  });

/** While a new search runs, the previous results stay on screen instead of a loading flash. */
export const useUsers = (filter: UserFilter = {}, enabled = true) =>
  useQuery({ ...getUsersQueryOptions(filter), enabled, placeholderData: keepPreviousData });
