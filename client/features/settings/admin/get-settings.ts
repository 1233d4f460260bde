import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type EffectiveSettings = RouterOutputs['settings']['effective'];

/** How the platform runs: the environment's and the tenant file's effective values, without secrets. */
export const useSettings = () => useQuery(trpc.settings.effective.queryOptions());
