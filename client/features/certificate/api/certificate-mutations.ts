import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';

/**
 * The certificate changes and what each makes stale. A module certificate may complete a course's,
 * so a change to one also touches the course lists and the holder's own certificates.
 */

/** Asks for the automatic issue of the caller's module certificate now (idempotent on the server). */
export function useClaimCertificate() {
  const client = useQueryClient();
  return useMutation(
    trpc.certificate.claim.mutationOptions({
      onSuccess: (_, { path }) =>
        Promise.all([
          client.invalidateQueries(trpc.certificate.forModule.queryFilter({ path })),
          client.invalidateQueries(trpc.certificate.forCourse.pathFilter()),
          client.invalidateQueries(trpc.certificate.mine.pathFilter()),
        ]),
    }),
  );
}

/** After a participant's module certificate was assigned, revoked or its review closed. */
function useModuleCertificateChanged() {
  const client = useQueryClient();
  return (_: unknown, { module, user }: { module: string; user: string }) =>
    Promise.all([
      client.invalidateQueries(trpc.certificate.ofParticipant.queryFilter({ module, user })),
      client.invalidateQueries(trpc.certificate.reviews.pathFilter()),
      client.invalidateQueries(trpc.certificate.courseList.pathFilter()),
      client.invalidateQueries(trpc.certificate.expiring.pathFilter()),
      client.invalidateQueries(trpc.certificate.mine.pathFilter()),
    ]);
}

/** certify(module, user): assigns a participant's module certificate. */
export function useCertify() {
  const onSuccess = useModuleCertificateChanged();
  return useMutation(trpc.certificate.certify.mutationOptions({ onSuccess }));
}

export function useRevokeModuleCertificate() {
  const onSuccess = useModuleCertificateChanged();
  return useMutation(trpc.certificate.revokeModule.mutationOptions({ onSuccess }));
}

export function useDismissReview() {
  const client = useQueryClient();
  return useMutation(
    trpc.certificate.dismissReview.mutationOptions({
      onSuccess: () => client.invalidateQueries(trpc.certificate.reviews.pathFilter()),
    }),
  );
}

/** After a participant's course certificate was assigned or removed. */
function useCourseCertificateChanged() {
  const client = useQueryClient();
  return (_: unknown, { course }: { _id: string; course: string }) =>
    Promise.all([
      client.invalidateQueries(trpc.certificate.courseList.queryFilter({ path: course })),
      client.invalidateQueries(trpc.certificate.expiring.pathFilter()),
      client.invalidateQueries(trpc.certificate.mine.pathFilter()),
    ]);
}

/** addCertificateToUser(_id, course). */
export function useAddCourseCertificate() {
  const onSuccess = useCourseCertificateChanged();
  return useMutation(trpc.certificate.addToUser.mutationOptions({ onSuccess }));
}

/** removeCertificateFromUser(_id, course). */
export function useRemoveCourseCertificate() {
  const onSuccess = useCourseCertificateChanged();
  return useMutation(trpc.certificate.removeFromUser.mutationOptions({ onSuccess }));
}
