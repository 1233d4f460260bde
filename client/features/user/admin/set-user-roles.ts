import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';
import { useUserChanged } from './user-changed';

/** Replaces the roles a user holds (the signed-in admin may have changed their own). */
export function useSetUserRoles() {
  const onSuccess = useUserChanged();
  return useMutation(trpc.user.setRoles.mutationOptions({ onSuccess }));
}
