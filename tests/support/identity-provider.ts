import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** The claims a pool's token carries beside issuer, audience, subject and times. */
export type PoolClaims = Record<string, unknown>;

export interface IdentityProvider {
  issuer: string;
  /** An ID token of the pool: a fresh subject unless one is given. */
  sign: (
    claims: PoolClaims,
    options?: { audience?: string; key?: CryptoKey; subject?: string },
  ) => Promise<string>;
  close: () => Promise<void>;
}

/** A stand-in hosted user pool: its own key pair, a JWKS and the discovery document, on loopback. */
export async function startIdentityProvider(): Promise<IdentityProvider> {
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
  return {
    issuer,
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
        .setIssuer(issuer)
        .setAudience(options.audience ?? 'platform-client')
        .setSubject(options.subject ?? crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(options.key ?? privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
