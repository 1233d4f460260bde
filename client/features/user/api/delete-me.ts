import { useMutation } from '@tanstack/react-query';
import { signOut } from '../../../lib/session';
import { trpc } from '../../../lib/trpc-query';

/**
 * Erases the signed-in person's account, with the proof of having signed in again just now, then
 * ends the session (here and in other tabs); the mutation stays pending until then.
 */
export const useDeleteMe = () =>
  useMutation(trpc.user.deleteMe.mutationOptions({ onSuccess: () => signOut() }));
