import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc-query';

export type CertificateConfigView = RouterOutputs['certificate']['config'];

/** A module's or course's certificate config with what the preview needs. */
export const useCertificateConfig = (kind: 'module' | 'course', path: string) =>
  useQuery(trpc.certificate.config.queryOptions({ kind, path }));

/** Saves the config; the config screen and the item's certificate (as its participants see it) follow. */
export function useSaveCertificateConfig(kind: 'module' | 'course') {
  const client = useQueryClient();
  const options =
    kind === 'module'
      ? trpc.certificate.configureModule.mutationOptions()
      : trpc.certificate.configureCourse.mutationOptions();
  return useMutation({
    ...options,
    onSuccess: (_, { path }) =>
      Promise.all([
        client.invalidateQueries(trpc.certificate.config.queryFilter({ kind, path })),
        kind === 'module'
          ? client.invalidateQueries(trpc.certificate.forModule.queryFilter({ path }))
          : client.invalidateQueries(trpc.certificate.forCourse.queryFilter({ path })),
      ]),
  });
}
