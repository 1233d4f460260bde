import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as erasedCertificates from '../../migrations/2026_11_24_05_10_00_create_erased_certificates';
import { rebuildProjections } from '../../projections/rebuild';
import { buildApp } from '../../server/app';
import { transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

describe.each(databaseKinds)('the certificate of an erased holder on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = async (procedure: string, input: object) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      payload: input,
      headers: admin,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result.data;
  };
  const verify = (code: string) =>
    app.inject({ url: `/trpc/certificate.verify?input=${encodeURIComponent(JSON.stringify({ code }))}` });
  const checkStatus = async (code: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: `{ checkCertificateStatus(path: "${code}") { path status valid name kind itemName issuedAt expiresAt revokedAt } }`,
        },
      })
    ).json();

  it("answers 'erased' and nothing else on every protocol, also after a rebuild; an unknown code stays unknown", async () => {
    await mutate('course.create', { path: 'consent', course: { name: 'Consent and care', language: 'en' } });
    await mutate('certificate.configureCourse', {
      path: 'consent',
      config: { timed: '', content: { header: 'Certificate', body: 'has followed' } },
    });
    const holder = await addTestUser(platform, { name: 'Ingrid Holder' });
    const { code } = await mutate('certificate.addToUser', { _id: holder.userId, course: 'consent' });
    expect((await app.inject({ url: `/api/certificates/${code}` })).json().status).toBe('valid');

    await mutate('user.delete', { _id: holder.userId });
    const erased = { code, status: 'erased' };
    const check = async () => {
      const rest = await app.inject({ url: `/api/certificates/${code}` });
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toEqual(erased);
      const trpc = await verify(code);
      expect(trpc.statusCode).toBe(200);
      expect(trpc.json().result.data).toEqual(erased);
      const graphql = await checkStatus(code);
      expect(graphql.errors).toBeUndefined();
      expect(graphql.data.checkCertificateStatus).toEqual({
        path: code,
        status: 'erased',
        valid: false,
        name: null,
        kind: null,
        itemName: null,
        issuedAt: null,
        expiresAt: null,
        revokedAt: null,
      });
    };
    await check();
    await rebuildProjections((work) => transaction(platform.database.db, work));
    await check();
    // Erasures made before the table existed: the migration finds them in the log.
    await erasedCertificates.down(platform.database.db);
    await erasedCertificates.up(platform.database.db);
    await check();

    const unknown = 'AAAAAAAAAAAAAAAA';
    expect((await app.inject({ url: `/api/certificates/${unknown}` })).statusCode).toBe(404);
    expect((await verify(unknown)).statusCode).toBe(404);
    expect((await checkStatus(unknown)).data.checkCertificateStatus).toBeNull();
  });
});
