import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestPlatform, type TestPlatform } from '../harness';

/** A stand-in hosted user pool: its own key pair, a JWKS and the discovery document, on loopback. */
async function startIdentityProvider() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/.well-known/jwks.json` }));
    } else if (request.url === '/.well-known/jwks.json') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const sign = (claims: Record<string, unknown>, options: { audience?: string; key?: CryptoKey } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
      .setIssuer(issuer)
      .setAudience(options.audience ?? 'platform-client')
      .setSubject(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(options.key ?? privateKey);
  return { issuer, sign, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('tokens of an external user pool', () => {
  let provider: Awaited<ReturnType<typeof startIdentityProvider>>;
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
    const token = await provider.sign({ email: 'Pool.User@Example.org', name: 'Pool User' });
    const first = (await me(token)).json().result.data;
    expect(first).toMatchObject({
      email: 'pool.user@example.org',
      name: 'Pool User',
      roles: [],
      verified: true,
    });
    const again = (await me(await provider.sign({ email: 'pool.user@example.org' }))).json().result.data;
    expect(again._id).toBe(first._id);
  });

  it('refuses tokens for another audience, signed by another key, or without an e-mail', async () => {
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const refused = [
      await provider.sign({ email: 'a@example.org' }, { audience: 'someone-else' }),
      await provider.sign({ email: 'a@example.org' }, { key: stranger }),
      await provider.sign({ name: 'No mail' }),
    ];
    for (const token of refused) expect((await me(token)).json().result.data).toBeNull();
  });
});
