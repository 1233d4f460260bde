import { describe, expect, it } from 'vitest';
import { signIdToken } from '../../server/auth/keys';
import { databaseKinds } from '../harness';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * A token that names nobody (expired, forged, garbage) answers 401 UNAUTHENTICATED over GraphQL
 * instead of running as anonymous; no token at all is still anonymous.
 */
describe.each(databaseKinds)('GraphQL bearer tokens on %s', (kind) => {
  const fx = graphqlFixture(kind, { holder: { name: 'Token Holder' } });

  const me = '{ currentUser { _id } }';

  it('answers a valid token as its user and no token as anonymous', async () => {
    const signedIn = await graphql<{ currentUser: { _id: string } | null }>(fx.app, me, {
      token: fx.token.holder,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.data?.currentUser?._id).toBe(fx.id.holder);
    const anonymous = await graphql<{ currentUser: unknown }>(fx.app, me);
    expect(anonymous.status).toBe(200);
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data?.currentUser).toBeNull();
  });

  it('answers an expired, forged or garbage token 401 UNAUTHENTICATED, in the asked language', async () => {
    const expired = await signIdToken(
      fx.platform.keys,
      { sub: fx.id.holder, email: fx.email.holder, roles: [], credentialVersion: 1 },
      -120,
    );
    const [head, body] = fx.token.holder.split('.');
    const forged = `${head}.${body}.${'A'.repeat(86)}`;
    for (const token of [expired, forged, 'not-a-token']) {
      const answer = await graphql(fx.app, me, { token });
      expect(answer.status).toBe(401);
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(answer.errors?.[0]?.message).toBe('The token is expired or invalid: sign in again.');
    }
    const nl = await graphql(fx.app, me, { token: 'not-a-token', headers: { 'accept-language': 'nl' } });
    expect(nl.errors?.[0]?.message).toBe('Het token is verlopen of ongeldig: meld je opnieuw aan.');
    // A mutation is refused the same way, before anything runs.
    const mutation = await graphql(
      fx.app,
      'mutation ($doc: JSON!) { createCourse(doc: $doc) { success message } }',
      { token: expired, variables: { doc: { name: 'Never', language: 'en' } } },
    );
    expect(mutation.status).toBe(401);
    expect(mutation.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('treats the null or undefined a signed-out client may send as no token', async () => {
    for (const authorization of ['Bearer null', 'Bearer undefined', 'Bearer ', '']) {
      const answer = await graphql<{ currentUser: unknown }>(fx.app, me, { headers: { authorization } });
      expect(answer.status, authorization).toBe(200);
      expect(answer.data?.currentUser).toBeNull();
    }
  });
});
