import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc-query';
import { useUserChanged } from './user-changed';

/** An admin (manage_users) corrects a user's profile; the user's page, list and history follow. */
export function useUpdateUser() {
  const onSuccess = useUserChanged();
  return useMutation(trpc.user.update.mutationOptions({ onSuccess }));
}
