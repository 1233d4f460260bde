import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type SecondFactorStatus = RouterOutputs['secondFactor']['status'];

/** Whether two-step sign-in guards the account, recovery codes left, and whether the roles ask for it. */
export const useSecondFactor = () => useQuery(trpc.secondFactor.status.queryOptions());
