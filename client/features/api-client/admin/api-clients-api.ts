import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

/** One client as the list shows it: never its secret. */
export type ApiClient = RouterOutputs['apiClient']['list'][number];

/** Every API client, newest first; read afresh on each visit (last use and status change by themselves). */
export const useApiClients = () => useQuery(trpc.apiClient.list.queryOptions(undefined, { staleTime: 0 }));

/** Makes a client; answers its id and secret, the only time the secret is shown. */
export function useCreateApiClient() {
  const client = useQueryClient();
  return useMutation(
    trpc.apiClient.create.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.apiClient.pathFilter()),
    }),
  );
}

/** Revokes a client: its secret and its tokens stop working at once. */
export function useRevokeApiClient() {
  const client = useQueryClient();
  return useMutation(
    trpc.apiClient.revoke.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.apiClient.pathFilter()),
    }),
  );
}
