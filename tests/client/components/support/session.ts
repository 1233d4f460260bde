import type { CurrentUser } from '../../../../client/lib/auth';
import { completeSignIn } from '../../../../client/lib/session';
import { answer } from './trpc-answers';

let signedIn = false;

/**
 * The fetch of component tests: only the session's requests to /auth come this way (tRPC calls go
 * to the table of answers). Signed out unless the test signed someone in.
 */
export async function answerAuth(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (url.endsWith('/auth/refresh'))
    return signedIn
      ? json(200, { idToken: 'test-token', expiresIn: 3600 })
      : json(401, { message: 'Not signed in' });
  if (url.endsWith('/auth/sign-out')) return json(200, { message: 'Signed out' });
  throw new TypeError(`No answer for ${url} in this test`);
}

/** Signs `user` in for the rest of the test file, as user.me answers it. */
export async function signInAs(user: CurrentUser): Promise<void> {
  signedIn = true;
  answer({ 'user.me': user });
  await completeSignIn({ idToken: 'test-token', expiresIn: 3600 });
}
