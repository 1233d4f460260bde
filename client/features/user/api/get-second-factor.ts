import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type SecondFactorStatus = RouterOutputs['secondFactor']['status'];

export const secondFactorQueryKey = ['user', 'secondFactor'] as const;

/** Whether two-step sign-in guards the account, recovery codes left, and whether the roles ask for it. */
export const getSecondFactorQueryOptions = () =>
  queryOptions({
    queryKey: secondFactorQueryKey,
    queryFn: () => api.secondFactor.status.query(),
  });

export const useSecondFactor = () => useQuery(getSecondFactorQueryOptions());
