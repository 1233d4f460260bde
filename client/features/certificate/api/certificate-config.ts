import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateConfig } from '../../../../events/certificate/config';
import { api, type RouterOutputs } from '../../../lib/trpc';
import { certificateKeys } from './keys';

export type CertificateConfigView = RouterOutputs['certificate']['config'];

/** A module's or course's certificate config with what the preview needs. */
export const useCertificateConfig = (kind: 'module' | 'course', path: string) =>
  useQuery({
    queryKey: certificateKeys.config(kind, path),
    queryFn: () => api.certificate.config.query({ kind, path }),
  });

export function useSaveCertificateConfig(kind: 'module' | 'course') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: string; config: CertificateConfig }) =>
      kind === 'module'
        ? api.certificate.configureModule.mutate(input)
        : api.certificate.configureCourse.mutate(input),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}
