import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { idTokenFor } from '../../server/auth/id-tokens';
import { executeUser, systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

/** ID tokens (ASVS V3.5): `exp`, `iat` and the credential version `cv` are required and checked. */
describe.each(databaseKinds)('ID tokens on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** Who the server takes the bearer of this token for (null: signed out). */
  const whoIs = async (token: string) =>
    (await app.inject({ url: '/trpc/user.me', headers: { authorization: `Bearer ${token}` } })).json().result
      .data?._id ?? null;

  /** A token signed with the platform's own key, with exactly these claims. */
  const forge = (claims: Record<string, unknown>, set: (jwt: SignJWT) => SignJWT) =>
    set(
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: platform.keys.kid })
        .setIssuer('srhr-platform'),
    ).sign(platform.keys.privateKey);

  it('refuses a well-signed token without exp, without iat, without cv or issued in the future', async () => {
    const { userId, email } = await addTestUser(platform);
    const claims = { sub: userId, email, roles: [], cv: (await versionOf(userId)) ?? 0 };
    const complete = await forge(claims, (jwt) => jwt.setIssuedAt().setExpirationTime('5m'));
    expect(await whoIs(complete)).toBe(userId);

    const noExp = await forge(claims, (jwt) => jwt.setIssuedAt());
    const noIat = await forge(claims, (jwt) => jwt.setExpirationTime('5m'));
    const { cv: _cv, ...withoutCv } = claims;
    const noCv = await forge(withoutCv, (jwt) => jwt.setIssuedAt().setExpirationTime('5m'));
    const future = await forge(claims, (jwt) =>
      jwt.setIssuedAt(Math.floor(Date.now() / 1000) + 3600).setExpirationTime('2h'),
    );
    const ancient = await forge(claims, (jwt) =>
      jwt.setIssuedAt(Math.floor(Date.now() / 1000) - 3 * 86_400).setExpirationTime('5m'),
    );
    for (const token of [noExp, noIat, noCv, future, ancient]) expect(await whoIs(token)).toBeNull();
  });

  it('refuses a token it accepted before once the token expires or outlives any token', async () => {
    const { userId, email } = await addTestUser(platform);
    const claims = { sub: userId, email, roles: [], cv: (await versionOf(userId)) ?? 0 };
    const shortLived = await forge(claims, (jwt) => jwt.setIssuedAt().setExpirationTime('5m'));
    const longLived = await forge(claims, (jwt) => jwt.setIssuedAt().setExpirationTime('3d'));
    expect(await whoIs(shortLived)).toBe(userId);
    expect(await whoIs(longLived)).toBe(userId);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect(await whoIs(shortLived)).toBeNull();
      expect(await whoIs(longLived)).toBe(userId);
      vi.setSystemTime(Date.now() + 86_400_000);
      expect(await whoIs(longLived)).toBeNull(); // no token lives longer than a day
    } finally {
      vi.useRealTimers();
    }
  });

  async function versionOf(userId: string) {
    const row = await platform.database.db
      .selectFrom('users')
      .select('credential_version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.credential_version;
  }

  it('ends earlier tokens when the password changes; a token issued after works', async () => {
    const { userId, token } = await addTestUser(platform);
    expect(await whoIs(token)).toBe(userId);
    await executeUser(platform, systemMeta('test'), userId, {
      type: 'ChangePassword',
      data: { by: 'reset-code' },
    });
    expect(await whoIs(token)).toBeNull();
    expect(await whoIs((await idTokenFor(platform, userId))!)).toBe(userId);
  });

  it('ends earlier tokens when a role is removed, not when one is added', async () => {
    const { userId, token } = await addTestUser(platform, { roles: ['teacher'] });
    await executeUser(platform, systemMeta('test'), userId, {
      type: 'SetRoles',
      data: { roles: ['teacher', 'admin'] },
    });
    expect(await whoIs(token)).toBe(userId);
    const promoted = (await idTokenFor(platform, userId))!;
    await executeUser(platform, systemMeta('test'), userId, {
      type: 'SetRoles',
      data: { roles: ['teacher'] },
    });
    expect(await whoIs(token)).toBeNull();
    expect(await whoIs(promoted)).toBeNull();
    expect(await whoIs((await idTokenFor(platform, userId))!)).toBe(userId);
  });
});
