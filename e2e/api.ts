import { type APIRequestContext, expect, test } from '@playwright/test';
import { codeFor } from './mail/mailbox';
import { newAddress } from './support';

/** The account's ID token, as the client gets it when signing in. */
export async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/auth/sign-in', { data: account });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** One tRPC mutation through the HTTP API, as the client sends it; fails the test unless it succeeds. */
export async function trpc<T = unknown>(
  request: APIRequestContext,
  token: string,
  procedure: string,
  input: object,
) {
  const response = await request.post(`/trpc/${procedure}`, {
    data: input,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A verified account with this name; answers its sign-in, a token and its user id. */
export async function newAccount(request: APIRequestContext, who: string, name: string) {
  // Sign-up, the mailed code and a sign-in: one boxed step, so a failure names it at the caller.
  return test.step(
    `make the verified account of ${name}`,
    async () => {
      const account = { email: newAddress(who), password: 'participant-password-1' };
      const signedUp = await request.post('/auth/sign-up', { data: { name, ...account } });
      expect(signedUp.ok(), await signedUp.text()).toBe(true);
      const verified = await request.post('/auth/verify', {
        data: { email: account.email, code: await codeFor(account.email) },
      });
      expect(verified.ok(), await verified.text()).toBe(true);
      const token = await tokenOf(request, account);
      const me = await request.get('/trpc/user.me', { headers: { authorization: `Bearer ${token}` } });
      const id = ((await me.json()) as { result: { data: { _id: string } } }).result.data._id;
      return { account, token, id, name };
    },
    { box: true },
  );
}
