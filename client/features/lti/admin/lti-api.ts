import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

type Platforms = RouterOutputs['lti']['platforms'];

/** One registered learning platform as the list shows it, removed ones too. */
export type LtiPlatform = Platforms['platforms'][number];

/** The addresses of this tool that an administrator enters on the learning platform. */
export type LtiToolAddresses = Platforms['tool'];

/** Read afresh on each visit: another administrator may have registered or removed one. */
const platformsQuery = () => trpc.lti.platforms.queryOptions(undefined, { staleTime: 0 });

/** The registered platforms, newest first (one request, shared with `useLtiToolAddresses`). */
export const useLtiPlatforms = () =>
  useQuery({ ...platformsQuery(), select: (data: Platforms) => data.platforms });

/** This tool's login, launch, keyset and deep-linking addresses. */
export const useLtiToolAddresses = () =>
  useQuery({ ...platformsQuery(), select: (data: Platforms) => data.tool });

/** Registers a platform; a second one with the same issuer and client id is refused (`lti.issuerTaken`). */
export function useRegisterLtiPlatform() {
  const client = useQueryClient();
  return useMutation(
    trpc.lti.registerPlatform.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.lti.pathFilter()),
    }),
  );
}

/** Removes a platform: its launches, scores and member lists stop at once. */
export function useRemoveLtiPlatform() {
  const client = useQueryClient();
  return useMutation(
    trpc.lti.removePlatform.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.lti.pathFilter()),
    }),
  );
}
