import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { setPassword } from '../../server/auth/account';
import type { PrivateTables } from '../../server/auth/private-tables';
import { executeUser, systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { type IdentityProvider, startIdentityProvider } from '../support/identity-provider';
import { addTestUser } from '../users';

/**
 * External accounts (docs/security.md#external-accounts-oidc): a pool's token counts only with a
 * verified address, its person is known by (issuer, subject), and it opens an account that exists
 * here already only once that account's owner has linked it after signing in again.
 */
describe.each(databaseKinds)('external identities on %s', (kind) => {
  let provider: IdentityProvider;
  let platform: TestPlatform;
  let app: FastifyInstance;
  const password = 'local-passphrase-1';

  beforeAll(async () => {
    provider = await startIdentityProvider();
    platform = await startTestPlatform(kind, {
      env: { OIDC_ISSUER: provider.issuer, OIDC_AUDIENCE: 'platform-client' },
    });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await provider?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = async (token: string) => {
    const response = await app.inject({ url: '/trpc/user.me', headers: bearer(token) });
    const body = response.json();
    return { status: response.statusCode, user: body.result?.data ?? null, error: body.error ?? null };
  };
  const graphql = (token: string, query: string) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: { query },
    });
  const trpc = (token: string, path: string, input?: unknown) =>
    app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(input ?? null),
    });
  const verified = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    email_verified: true,
    ...extra,
  });
  const identities = () =>
    (platform.database.db as unknown as Kysely<PrivateTables>)
      .selectFrom('external_identities')
      .selectAll()
      .execute();
  /** A local sign-in's session token, and the proof of signing in again within it. */
  async function signedInAgain(email: string) {
    const signIn = await app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json().idToken as string;
    const again = await app.inject({
      method: 'POST',
      url: '/auth/reauth',
      payload: { password },
      headers: bearer(token),
    });
    expect(again.statusCode, again.body).toBe(200);
    return { token, reauth: again.json().reauth as string };
  }

  it("does not open the administrator's account with a token whose address the pool did not verify, nor with a verified one it never linked", async () => {
    const admin = await addTestUser(platform, { roles: ['admin'], password });
    for (const claims of [
      { email: admin.email, email_verified: false },
      { email: admin.email },
      { email: admin.email, email_verified: 'true' },
    ]) {
      const token = await provider.sign(claims);
      expect((await me(token)).user).toBeNull();
      expect((await app.inject({ url: '/api/users.csv', headers: bearer(token) })).statusCode).toBe(401);
    }
    // Verified, by a person of the pool the account never linked: refused, and told why.
    const token = await provider.sign(verified(admin.email));
    const answer = await me(token);
    expect(answer.status).toBe(403);
    expect(answer.user).toBeNull();
    expect(answer.error.data.key).toBe('auth.externalAccountExists');
    expect(answer.error.message).toContain('Sign in to it with its password');
    const viaGraphql = await graphql(token, '{ users { _id email } }');
    expect(viaGraphql.statusCode).toBe(403);
    expect(viaGraphql.json().errors[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: expect.stringContaining('link your external account'),
    });
    expect((await app.inject({ url: '/api/users.csv', headers: bearer(token) })).statusCode).toBe(401);
    expect(await identities()).not.toContainEqual(expect.objectContaining({ user_id: admin.userId }));
  });

  it('provisions a new address and knows the person by issuer and subject from then on', async () => {
    const subject = crypto.randomUUID();
    const email = `pool-${kind}@example.org`;
    const first = await me(await provider.sign(verified(email, { name: 'Pool Person' }), { subject }));
    expect(first.user).toMatchObject({ email, name: 'Pool Person', roles: [], verified: true });
    const [record] = (await identities()).filter((row) => row.user_id === first.user._id);
    expect(record).toMatchObject({ issuer: provider.issuer, how: 'provisioned' });
    // The subject itself is not kept, only its digest.
    expect(record!.subject_hash).not.toContain(subject);
    // A new address at the pool: still the same person, the same account.
    const moved = await me(await provider.sign(verified(`moved-${kind}@example.org`), { subject }));
    expect(moved.user._id).toBe(first.user._id);
    // Another person of the pool with that address opens nothing.
    const other = await me(await provider.sign(verified(email)));
    expect(other.status).toBe(403);
    expect(other.error.data.key).toBe('auth.externalAccountExists');
  });

  it("links a pool identity to a local account once its owner signs in again, and only the owner's address", async () => {
    const local = await addTestUser(platform, { password, name: 'Local Person' });
    const subject = crypto.randomUUID();
    const poolToken = await provider.sign(verified(local.email), { subject });
    expect((await me(poolToken)).status).toBe(403);

    const { token, reauth } = await signedInAgain(local.email);
    // A session alone does not link: signing in again is asked for.
    const withoutReauth = await trpc(token, 'externalAccount.link', { token: poolToken, reauth: 'nope' });
    expect(withoutReauth.statusCode).toBe(403);
    expect(withoutReauth.json().error.data.key).toBe('auth.reauthRequired');
    // Another address's identity, or a token the pool did not verify, is not linked.
    const otherAddress = await trpc(token, 'externalAccount.link', {
      token: await provider.sign(verified(`else-${kind}@example.org`)),
      reauth,
    });
    expect(otherAddress.statusCode).toBe(400);
    expect(otherAddress.json().error.data.key).toBe('auth.externalOtherAddress');
    const unverified = await trpc(token, 'externalAccount.link', {
      token: await provider.sign({ email: local.email }, { subject }),
      reauth,
    });
    expect(unverified.json().error.data.key).toBe('auth.externalTokenRefused');

    const linked = await trpc(token, 'externalAccount.link', { token: poolToken, reauth });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().result.data.linked).toEqual([
      { issuer: provider.issuer, linkedAt: expect.any(String), how: 'owner' },
    ]);
    // Linking again changes nothing.
    expect((await trpc(token, 'externalAccount.link', { token: poolToken, reauth })).statusCode).toBe(200);
    expect((await identities()).filter((row) => row.user_id === local.userId)).toHaveLength(1);

    const opened = await me(await provider.sign(verified(local.email), { subject }));
    expect(opened.user).toMatchObject({ _id: local.userId, name: 'Local Person' });
    const listed = await app.inject({ url: '/trpc/externalAccount.list', headers: bearer(token) });
    expect(listed.json().result.data).toEqual([expect.objectContaining({ issuer: provider.issuer })]);
  });

  it('lets the first verified token adopt an account the pool made before identities were kept; no one after', async () => {
    /** An account provisioned by an earlier release: its event, no identity recorded. */
    const legacy = async (email: string) => {
      const userId = uuidv7();
      await executeUser(platform, systemMeta('test'), userId, {
        type: 'Provision',
        data: { userId, email, name: 'Earlier Pool User', issuer: provider.issuer },
      });
      return userId;
    };
    const email = `legacy-${kind}@example.org`;
    const userId = await legacy(email);
    const subject = crypto.randomUUID();
    expect((await me(await provider.sign(verified(email), { subject }))).user?._id).toBe(userId);
    expect((await identities()).filter((row) => row.user_id === userId)).toEqual([
      expect.objectContaining({ how: 'adopted' }),
    ]);
    expect((await me(await provider.sign(verified(email)))).status).toBe(403);
    expect((await me(await provider.sign(verified(email), { subject }))).user?._id).toBe(userId);

    // One that chose a password of its own since is a local account like any other: link it.
    const withPassword = `legacy-password-${kind}@example.org`;
    const ownId = await legacy(withPassword);
    await executeUser(
      platform,
      systemMeta('test'),
      ownId,
      { type: 'ChangePassword', data: { by: 'reset-code' } },
      { before: (trx) => setPassword(trx, ownId, password) },
    );
    expect((await me(await provider.sign(verified(withPassword)))).status).toBe(403);
  });

  it('forgets the identities of an erased account', async () => {
    const admin = await addTestUser(platform, { roles: ['admin'] });
    const subject = crypto.randomUUID();
    const email = `erased-${kind}@example.org`;
    const { user } = await me(await provider.sign(verified(email), { subject }));
    expect((await identities()).some((row) => row.user_id === user._id)).toBe(true);
    expect((await trpc(admin.token, 'user.delete', { _id: user._id })).statusCode).toBe(200);
    expect((await identities()).some((row) => row.user_id === user._id)).toBe(false);
    // The same person of the pool coming back gets a new account.
    const again = await me(await provider.sign(verified(email), { subject }));
    expect(again.user._id).not.toBe(user._id);
  });
});
