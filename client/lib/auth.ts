/** The signed-in user as the interface needs it. */
export interface CurrentUser {
  userId: string;
  name: string;
  /** Names of the roles the user holds; any role opens the admin area. */
  roles: string[];
}

/**
 * Who is signed in. There is no sign-in yet: identity (sign-up, sign-in, the session check at
 * start) lands in the identity issue, which replaces this body. Until then nobody is signed in;
 * we deliberately do not pretend otherwise.
 */
export function useCurrentUser(): CurrentUser | null {
  return null;
}

export const holdsAnyRole = (user: CurrentUser | null) => (user?.roles.length ?? 0) > 0;
