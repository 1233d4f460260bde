import { useMutation } from '@tanstack/react-query';
import { useUserChanged } from '../../../features/user/admin/user-changed';
import { trpc } from '../../../lib/trpc-query';

/** Links a user to a course (linked: true) or removes the link (linked: false). */
export function useLinkUser() {
  const changed = useUserChanged();
  return useMutation(trpc.user.link.mutationOptions({ onSettled: (_, __, input) => changed(_, input) }));
}
