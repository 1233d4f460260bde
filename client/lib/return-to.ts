/**
 * Signing in and coming back: the login page's address that carries where to return afterwards
 * (`/login?next=…`), and the check that a sign-in only ever leads to a path on this site, so the
 * parameter cannot send anyone elsewhere (no open redirect).
 */

/** The query parameter of /login naming where a successful sign-in leads. */
export const returnToParam = 'next';

/** Whitespace, control characters and backslashes, which browsers may drop or read as '/'. */
const hasUnsafeCharacter = (value: string) =>
  /[\s\\]/.test(value) ||
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character === '\x7f');

/**
 * `value` when it is a path on this site: it starts with a single '/' (never `//host`), holds no
 * backslash, whitespace or control character, and is not the login page itself. Anything else,
 * including a missing value or a full URL, is '/'.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return '/';
  const base = 'http://return-to.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  return /^\/login\/?$/i.test(url.pathname) ? '/' : value;
}

/** The current address (path, query and fragment), where a sign-in started here should return. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * The login page, leading back to `returnTo` (the current address by default) after signing in;
 * plain '/login' when that is the home page or not a path on this site.
 */
export function signInHref(returnTo: string = currentPath()): string {
  const target = safeReturnTo(returnTo);
  return target === '/' ? '/login' : `/login?${returnToParam}=${encodeURIComponent(target)}`;
}
