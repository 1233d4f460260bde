import type { FastifyInstance } from 'fastify';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestPlatform, type TestPlatform } from '../harness';
import { type IdentityProvider, startIdentityProvider } from '../support/identity-provider';

describe('tokens of an external user pool', () => {
  let provider: IdentityProvider;
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    provider = await startIdentityProvider();
    // No OIDC_JWKS_URL: the key set is found through the issuer's discovery document.
    platform = await startTestPlatform('pglite', {
      env: { OIDC_ISSUER: provider.issuer, OIDC_AUDIENCE: 'platform-client' },
    });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await provider?.close();
  });

  const me = (token: string) =>
    app.inject({ url: '/trpc/user.me', headers: { authorization: `Bearer ${token}` } });

  it('provisions the user on first sight, with the e-mail claim as the username, and finds them again', async () => {
    const subject = crypto.randomUUID();
    const token = await provider.sign(
      { email: 'Pool.User@Example.org', email_verified: true, name: 'Pool User' },
      { subject },
    );
    const first = (await me(token)).json().result.data;
    expect(first).toMatchObject({
      email: 'pool.user@example.org',
      name: 'Pool User',
      roles: [],
      verified: true,
    });
    const again = (
      await me(await provider.sign({ email: 'pool.user@example.org', email_verified: true }, { subject }))
    ).json().result.data;
    expect(again._id).toBe(first._id);
  });

  it('refuses tokens for another audience, signed by another key, without an e-mail or with one the pool did not verify', async () => {
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const verified = { email: 'a@example.org', email_verified: true };
    const refused = [
      await provider.sign(verified, { audience: 'someone-else' }),
      await provider.sign(verified, { key: stranger }),
      await provider.sign({ name: 'No mail', email_verified: true }),
      await provider.sign({ email: 'a@example.org' }),
      await provider.sign({ email: 'a@example.org', email_verified: false }),
      await provider.sign({ email: 'a@example.org', email_verified: 'true' }),
    ];
    for (const token of refused) expect((await me(token)).json().result.data).toBeNull();
  });
});
