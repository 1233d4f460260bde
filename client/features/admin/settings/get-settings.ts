import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RouterOutputs } from '../../../lib/trpc';

export type EffectiveSettings = RouterOutputs['settings']['effective'];

export const settingsQueryKey = ['admin', 'settings', 'effective'] as const;

/** How the platform runs: the environment's and the tenant file's effective values, without secrets. */
export const getSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: () => api.settings.effective.query(),
  });

export const useSettings = () => useQuery(getSettingsQueryOptions());
