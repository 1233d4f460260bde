import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/trpc';
import { certificateKeys } from './keys';

function useCertificateMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

/** Asks for the automatic issue of the caller's module certificate now (idempotent on the server). */
export const useClaimCertificate = () =>
  useCertificateMutation((path: string) => api.certificate.claim.mutate({ path }));

/** certify(module, user): assigns a participant's module certificate. */
export const useCertify = () =>
  useCertificateMutation((input: { module: string; user: string }) => api.certificate.certify.mutate(input));

export const useRevokeModuleCertificate = () =>
  useCertificateMutation((input: { module: string; user: string }) =>
    api.certificate.revokeModule.mutate(input),
  );

/** addCertificateToUser(_id, course). */
export const useAddCourseCertificate = () =>
  useCertificateMutation((input: { _id: string; course: string }) => api.certificate.addToUser.mutate(input));

/** removeCertificateFromUser(_id, course). */
export const useRemoveCourseCertificate = () =>
  useCertificateMutation((input: { _id: string; course: string }) =>
    api.certificate.removeFromUser.mutate(input),
  );

export const useDismissReview = () =>
  useCertificateMutation((input: { module: string; user: string }) =>
    api.certificate.dismissReview.mutate(input),
  );
