import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getSessionState, type SessionState, subscribeToSession } from './session';
import type { RouterOutputs } from './trpc';
import { trpc } from './trpc-query';

/** The signed-in user as `user.me` answers it: profile, roles, links and the rules that follow. */
export type CurrentUser = NonNullable<RouterOutputs['user']['me']>;
export type Rules = CurrentUser['rules'];
export type RuleName = keyof Rules;

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSessionState, getSessionState);
}

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: CurrentUser }
  | { status: 'error'; user: null; retry: () => void };

/**
 * Who is here: still checking (the session check at start, or `user.me` after a sign-in), signed
 * out, signed in with the user's data, or unknown because `user.me` failed to load.
 */
export function useSession(): Session {
  const { status } = useSessionState();
  const me = useQuery(
    trpc.user.me.queryOptions(undefined, { staleTime: 60_000, enabled: status === 'signed-in' }),
  );
  if (status === 'checking') return { status: 'loading', user: null };
  if (status === 'signed-out') return { status: 'signed-out', user: null };
  if (me.isPending) return { status: 'loading', user: null };
  if (me.isError) return { status: 'error', user: null, retry: () => void me.refetch() };
  // A valid token for an account that no longer exists counts as signed out.
  return me.data ? { status: 'signed-in', user: me.data } : { status: 'signed-out', user: null };
}

/** The signed-in user, or null when signed out (or while that is still being checked). */
export function useCurrentUser(): CurrentUser | null {
  return useSession().user;
}

/** Any role opens the admin area (docs/guide/users-and-roles.md). */
export const holdsAnyRole = (user: CurrentUser | null) => (user?.roles.length ?? 0) > 0;

/** Whether the user's roles grant `rule` on all content (owners get edit and delete per item). */
export const hasRule = (user: CurrentUser | null, rule: RuleName) => Boolean(user?.rules[rule]);
