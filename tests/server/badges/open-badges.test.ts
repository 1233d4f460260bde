import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateContentSchema } from '../../../events/certificate/config';
import { courseInputSchema } from '../../../events/course/commands';
import { moduleInputSchema } from '../../../events/module/commands';
import { allRules } from '../../../events/permissions';
import * as credentialStatusMigration from '../../../migrations/2026_11_27_00_30_00_create_credential_status';
import { catchUpProjections } from '../../../projections/lifecycle';
import { rebuildProjections } from '../../../projections/rebuild';
import { buildApp } from '../../../server/app';
import { idTokenFor } from '../../../server/auth/id-tokens';
import { loadOrCreateKeys } from '../../../server/auth/keys';
import { retiredKeysFile } from '../../../server/certificate/badges/keys';
import {
  addCertificateToUser,
  certify,
  configureCourseCertificate,
  configureModuleCertificate,
  revokeModuleCertificate,
} from '../../../server/certificate/commands';
import { createCourse } from '../../../server/course/commands';
import { transaction } from '../../../server/db/transaction';
import { createModule } from '../../../server/module/commands';
import { deleteUser } from '../../../server/user/commands';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

/**
 * Open Badges 3.0 (docs/integrating/open-badges.md): every certificate is also an
 * OpenBadgeCredential secured as a VC-JWT. The checks here verify credentials as an outside
 * verifier would: jose with nothing but the key set and the status list the platform publishes,
 * fetched over HTTP from a listening server.
 */

const readSchema = (relative: string) =>
  JSON.parse(fs.readFileSync(new URL(relative, import.meta.url), 'utf8'));
/**
 * Each credential is checked against two schemas. 1EdTech's own JSON Schema for the AchievementCredential
 * class (JSON Schema 2019-09; source and licence in tests/fixtures/standards/README.md), loaded
 * unchanged; and ob-v3p0-achievement-credential.schema.json beside this file, written from the
 * specification's data model, which asks for what 1EdTech's lets pass: the credential's `name`, an
 * issuer Profile object rather than a bare address, a subject identified by `id` or `identifier`,
 * no subject property the model lacks, and URIs that are URIs. Strict mode, which checks how a
 * schema is written rather than the data, is off for both.
 */
const openBadgeValidators = (() => {
  const official = new Ajv2019({ allErrors: true, strict: false });
  addFormats(official);
  const written = new Ajv2020({ allErrors: true, strict: false });
  addFormats(written);
  return [
    [
      '1EdTech AchievementCredential schema',
      official.compile(readSchema('../../fixtures/standards/open-badges-3.0/achievementcredential.json')),
    ],
    [
      'ob-v3p0-achievement-credential.schema.json',
      written.compile(readSchema('./ob-v3p0-achievement-credential.schema.json')),
    ],
  ] as const;
})();
const expectValidOpenBadge = (credential: unknown) => {
  for (const [name, validate] of openBadgeValidators)
    expect(validate(credential), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
};

const admin = { userId: 'admin-badges', roles: ['admin'], rules: allRules() };
const meta = (now = new Date()) => ({ actorId: admin.userId, requestId: 'badges', now });
const YEAR_MS = 365 * 86_400_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface StatusEntry {
  id: string;
  type: string;
  statusPurpose: string;
  statusListIndex: string;
  statusListCredential: string;
}

describe.each(databaseKinds)('Open Badges credentials on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let port: number;
  let base: string;
  let issuer: string;
  const codes = { valid: '', revoked: '', expired: '', course: '' };
  const tokens = { valid: '', revoked: '', expired: '', course: '', other: '' };
  const userIds = { ...tokens };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'badges-keys-'));

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    issuer = `${base}/ob/issuer`;
    platform = await startTestPlatform(kind, { env: { PUBLIC_URL: base, DATA_DIR: dataDir } });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await app.listen({ port, host: '127.0.0.1' });

    const content = certificateContentSchema.parse({
      body: 'Knows the WHO guidelines on safe abortion care.',
    });
    await createModule(platform, admin, meta(), {
      path: 'safe-care',
      module: moduleInputSchema.parse({ name: 'Veilige zorg', language: 'nl' }),
    });
    await configureModuleCertificate(platform, admin, meta(), {
      path: 'safe-care',
      config: { auto: true, complete: true, correct: true, checkFraud: false, timed: 1, content },
    });
    await createCourse(platform, admin, meta(), {
      path: 'family-planning',
      course: courseInputSchema.parse({ name: 'Family planning', language: 'en' }),
    });
    await configureCourseCertificate(platform, admin, meta(), {
      path: 'family-planning',
      config: { auto: false, complete: true, correct: false, checkFraud: false, timed: 0, content },
    });
    const holder = async (which: keyof typeof tokens, name: string) => {
      const user = await addTestUser(platform, { name });
      tokens[which] = user.token;
      userIds[which] = user.userId;
      return user.userId;
    };
    const valid = await holder('valid', 'Łukasz Dvořák-Nguyễn');
    codes.valid = await certify(platform, admin, meta(), { module: 'safe-care', user: valid });
    const revoked = await holder('revoked', 'Anna Kuznetsova');
    codes.revoked = await certify(platform, admin, meta(), { module: 'safe-care', user: revoked });
    await revokeModuleCertificate(platform, admin, meta(), { module: 'safe-care', user: revoked });
    // Issued three years ago under a one-year validity: expired for two years.
    const expired = await holder('expired', 'Jan Peeters');
    codes.expired = await certify(platform, admin, meta(new Date(Date.now() - 3 * YEAR_MS)), {
      module: 'safe-care',
      user: expired,
    });
    const course = await holder('course', 'Marie Dubois');
    codes.course = await addCertificateToUser(platform, admin, meta(), {
      _id: course,
      course: 'family-planning',
    });
    await holder('other', 'Someone Else');
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The holder's download, over HTTP as the client asks for it. */
  async function download(code: string, token: string) {
    const input = encodeURIComponent(JSON.stringify({ code }));
    const answer = await fetch(`${base}/trpc/badge.credential?input=${input}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = (await answer.json()) as {
      result?: { data: { jwt: string; credential: Record<string, unknown> } };
      error?: { data: { code: string } };
    };
    return { status: answer.status, ...body };
  }
  async function credentialOf(which: keyof typeof codes) {
    const answer = await download(codes[which], tokens[which]);
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    return answer.result!.data;
  }

  /**
   * An outside verifier: only jose, the published key set and the status list fetched from the
   * addresses the credential names; none of the platform's code.
   */
  async function verifyIndependently(jwt: string, currentDate?: Date) {
    const keySet = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(jwt, keySet, {
      issuer,
      typ: 'vc+jwt',
      algorithms: ['ES256'],
      currentDate,
    });
    const entry = payload.credentialStatus as StatusEntry;
    expect(entry.type).toBe('BitstringStatusListEntry');
    expect(entry.statusPurpose).toBe('revocation');
    const answer = await fetch(entry.statusListCredential);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/vc+jwt');
    const { payload: list } = await jwtVerify(await answer.text(), keySet, {
      issuer,
      typ: 'vc+jwt',
      algorithms: ['ES256'],
    });
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(list.id).toBe(entry.statusListCredential);
    const subject = list.credentialSubject as { type: string; statusPurpose: string; encodedList: string };
    expect(subject.type).toBe('BitstringStatusList');
    expect(subject.statusPurpose).toBe(entry.statusPurpose);
    expect(subject.encodedList[0]).toBe('u'); // multibase base64url
    const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
    expect(bits.length * 8).toBe(131_072);
    const index = Number(entry.statusListIndex);
    const revoked = ((bits[index >> 3] ?? 0) & (0x80 >> (index % 8))) !== 0;
    return { payload, kid: protectedHeader.kid, revoked };
  }

  it('publishes its key set and issuer profile, and no status list that holds no certificate', async () => {
    const keys = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: JWTPayload[] };
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: platform.keys.kid });
    expect(keys.keys[0]).not.toHaveProperty('d');
    const profile = (await (await fetch(issuer)).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: issuer, type: ['Profile'], url: base });
    expect(typeof profile.name).toBe('string');
    expect((await fetch(`${base}/ob/status/999`)).status).toBe(404);
    expect((await fetch(`${base}/ob/status/0`)).status).toBe(400);
  });

  it('issues a module certificate as a credential that verifies with only the published keys and status list', async () => {
    const { jwt, credential } = await credentialOf('valid');
    const { payload, kid, revoked } = await verifyIndependently(jwt);
    expect(revoked).toBe(false);
    expect(kid).toBe(platform.keys.kid);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', typ: 'vc+jwt' });
    // The payload is the credential itself, with the JWT claims that repeat it.
    const { iss, jti, nbf, exp, ...rest } = payload;
    expect(rest).toEqual(credential);
    expect(iss).toBe(issuer);
    expect(jti).toBe(credential.id);
    expect(nbf).toBe(Math.floor(Date.parse(credential.validFrom as string) / 1000));
    expect(exp).toBe(Math.floor(Date.parse(credential.validUntil as string) / 1000));
    expect(
      Date.parse(credential.validUntil as string) - Date.parse(credential.validFrom as string),
    ).toBeGreaterThanOrEqual(YEAR_MS);
    expect(credential).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      name: 'Veilige zorg',
      issuer: { id: issuer, type: ['Profile'] },
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [{ identityType: 'name', hashed: false, identityHash: 'Łukasz Dvořák-Nguyễn' }],
        achievement: { type: ['Achievement'], name: 'Veilige zorg', inLanguage: 'nl' },
      },
      evidence: [{ id: `${base}/certificate/${codes.valid}` }],
    });
    const narrative = (credential.credentialSubject as { achievement: { criteria: { narrative: string } } })
      .achievement.criteria.narrative;
    // In the module's language, from its certificate config.
    expect(narrative).toContain('elke pagina van de module voltooid');
    expect(narrative).toContain('elke vraag juist beantwoord');
    expect(narrative).toContain('Knows the WHO guidelines on safe abortion care.');
  });

  it('answers credentials that pass the Open Badges 3.0 schemas, as downloaded and as signed', async () => {
    for (const which of ['valid', 'revoked', 'expired', 'course'] as const) {
      const { jwt, credential } = await credentialOf(which);
      expectValidOpenBadge(credential);
      // The VC-JWT's payload is the credential itself, with the JWT claims beside its properties.
      const {
        iss: _iss,
        jti: _jti,
        nbf: _nbf,
        exp: _exp,
        ...payload
      } = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
      expectValidOpenBadge(payload);
    }
    // The schemas are no rubber stamp: each refuses a credential without its achievement's criteria,
    // one that is no OpenBadgeCredential, and one whose status entry has no id.
    const { credential } = await credentialOf('valid');
    type Loose = {
      type: string[];
      credentialSubject: { achievement: { criteria?: unknown } };
      credentialStatus: { id?: string };
    };
    const broken = [
      (c: Loose) => delete c.credentialSubject.achievement.criteria,
      (c: Loose) => (c.type = ['VerifiableCredential']),
      (c: Loose) => delete c.credentialStatus.id,
    ].map((breakIt) => {
      const copy = structuredClone(credential) as unknown as Loose;
      breakIt(copy);
      return copy;
    });
    for (const [name, validate] of openBadgeValidators)
      for (const each of broken) expect(validate(each), `${name}: ${JSON.stringify(each)}`).toBe(false);
  });

  it('shows a revoked certificate as revoked in the published status list', async () => {
    const { jwt } = await credentialOf('revoked');
    const { revoked } = await verifyIndependently(jwt);
    expect(revoked).toBe(true);
    // Its neighbour in the same list is not.
    const other = await verifyIndependently((await credentialOf('valid')).jwt);
    expect(other.revoked).toBe(false);
    const entries = await Promise.all(
      [jwt, (await credentialOf('valid')).jwt].map(
        (token) => decodePayload(token).credentialStatus as StatusEntry,
      ),
    );
    expect(entries[0]!.statusListCredential).toBe(entries[1]!.statusListCredential);
    expect(entries[0]!.statusListIndex).not.toBe(entries[1]!.statusListIndex);
  });

  it('refuses an expired credential by its exp claim, while its signature and status still check out', async () => {
    const { jwt, credential } = await credentialOf('expired');
    await expect(verifyIndependently(jwt)).rejects.toBeInstanceOf(errors.JWTExpired);
    const duringValidity = new Date(Date.parse(credential.validFrom as string) + 86_400_000);
    const { revoked } = await verifyIndependently(jwt, duringValidity);
    expect(revoked).toBe(false);
  });

  it('issues a course certificate without an end of validity when its config is not timed', async () => {
    const { jwt, credential } = await credentialOf('course');
    const { payload, revoked } = await verifyIndependently(jwt);
    expect(revoked).toBe(false);
    expect(payload.exp).toBeUndefined();
    expect(credential).not.toHaveProperty('validUntil');
    expect(credential.name).toBe('Family planning');
  });

  it('gives a credential only to who may download the certificate, and writes nothing for others', async () => {
    const events = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from events`.execute(platform.database.db)).rows[0]!
        .n;
    // Another participant, and a teacher who does not own the module.
    const teacher = await addTestUser(platform, { roles: ['teacher'] });
    const before = await events();
    expect((await download(codes.valid, tokens.other)).error?.data.code).toBe('NOT_FOUND');
    expect((await download(codes.valid, teacher.token)).error?.data.code).toBe('NOT_FOUND');
    expect((await download(codes.valid, '')).error?.data.code).toBe('UNAUTHORIZED');
    expect(await events()).toBe(before);
  });

  it('revokes the credential of a holder who was erased', async () => {
    const user = await addTestUser(platform, { name: 'Gone Soon' });
    const code = await certify(platform, admin, meta(), { module: 'safe-care', user: user.userId });
    const { jwt } = (await download(code, user.token)).result!.data;
    expect((await verifyIndependently(jwt)).revoked).toBe(false);
    await deleteUser(platform, admin, meta(), user.userId);
    expect((await verifyIndependently(jwt)).revoked).toBe(true);
    expect(await check(jwt)).toMatchObject({ valid: false, problem: 'revoked' });
  });

  it('fills the status entries of certificates issued before it from the log at the next start, as the projection keeps them', async () => {
    const rows = () =>
      sql`select * from credential_status order by certificate_id`
        .execute(platform.database.db)
        .then((r) => r.rows);
    const kept = await rows();
    expect(kept.length).toBeGreaterThanOrEqual(5);
    await credentialStatusMigration.down(platform.database.db);
    await credentialStatusMigration.up(platform.database.db);
    // New to this database: no version recorded, so the start's catch-up builds it from the log.
    await sql`delete from projection_versions where name = 'credential-status'`.execute(platform.database.db);
    const caughtUp = await catchUpProjections((work) => transaction(platform.database.db, work));
    expect(caughtUp.projections).toEqual(['credential-status']);
    expect(await rows()).toEqual(kept);
  });

  it('keeps every status entry through a rebuild of the read tables', async () => {
    const before = await Promise.all(
      (['valid', 'revoked', 'expired', 'course'] as const).map(
        async (which) => (await credentialOf(which)).credential,
      ),
    );
    await rebuildProjections((work) => transaction(platform.database.db, work));
    const after = await Promise.all(
      (['valid', 'revoked', 'expired', 'course'] as const).map(
        async (which) => (await credentialOf(which)).credential,
      ),
    );
    expect(after).toEqual(before);
    expect((await verifyIndependently((await credentialOf('revoked')).jwt)).revoked).toBe(true);
  });

  /** The public check a person pastes a credential into, over HTTP like the verification page. */
  async function check(credential: string, language = 'en') {
    const answer = await fetch(`${base}/trpc/badge.verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ credential }),
    });
    expect(answer.status).toBe(200);
    return (
      (await answer.json()) as {
        result: { data: { valid: boolean; problem: string | null; details: unknown } };
      }
    ).result.data;
  }

  it('checks a pasted credential and says why one is not valid', async () => {
    const valid = await credentialOf('valid');
    expect(await check(valid.jwt)).toMatchObject({
      valid: true,
      problem: null,
      details: { holder: 'Łukasz Dvořák-Nguyễn', achievement: 'Veilige zorg' },
    });
    expect(
      await check(
        JSON.stringify({
          '@context': ['https://www.w3.org/ns/credentials/v2'],
          id: `data:application/vc+jwt,${valid.jwt}`,
          type: 'EnvelopedVerifiableCredential',
        }),
      ),
    ).toMatchObject({ valid: true });
    expect(await check((await credentialOf('revoked')).jwt)).toMatchObject({
      valid: false,
      problem: 'revoked',
    });
    expect(await check((await credentialOf('expired')).jwt)).toMatchObject({
      valid: false,
      problem: 'expired',
    });
    expect(await check(JSON.stringify(valid.credential))).toMatchObject({
      valid: false,
      problem: 'unsigned',
    });
    expect(await check('not a credential')).toMatchObject({ valid: false, problem: 'malformed' });
    // Someone edits the name in the payload and keeps the signature.
    const [header, , signature] = valid.jwt.split('.');
    const forgedPayload = { ...decodePayload(valid.jwt), name: 'Something else' };
    const forged = `${header}.${Buffer.from(JSON.stringify(forgedPayload)).toString('base64url')}.${signature}`;
    expect(await check(forged)).toMatchObject({ valid: false, problem: 'signature', details: null });
    // Signed by a key the platform never published, under the platform's own key id.
    const { privateKey } = await generateKeyPair('ES256');
    for (const kid of [platform.keys.kid, 'someone-elses-key']) {
      const foreign = await new SignJWT(forgedPayload)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'vc+jwt' })
        .sign(privateKey);
      expect(await check(foreign)).toMatchObject({
        valid: false,
        problem: kid === platform.keys.kid ? 'signature' : 'unknownKey',
      });
    }
  });

  it('keeps earlier credentials verifiable after the signing key is rotated', async () => {
    const earlier = (await credentialOf('valid')).jwt;
    // Rotation: the old public key goes into the retired key set, a new signing key takes over.
    const oldPublic = { ...(await exportJWK(platform.keys.publicKey)), kid: platform.keys.kid, alg: 'ES256' };
    fs.mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
    // A private member copied in by mistake is never published.
    fs.writeFileSync(
      retiredKeysFile(dataDir),
      JSON.stringify({ keys: [{ ...oldPublic, d: 'kept-secret' }] }),
    );
    const rotated = { ...platform, keys: await loadOrCreateKeys(null) };
    await app.close();
    app = await buildApp(rotated, { clientRoot: emptyClientRoot() });
    await app.listen({ port, host: '127.0.0.1' });
    // ID tokens are signed with the same key: a rotation signs everyone in again.
    for (const which of Object.keys(tokens) as (keyof typeof tokens)[])
      tokens[which] = (await idTokenFor(rotated, userIds[which]))!;

    const keys = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(keys.keys.map((key) => key.kid)).toEqual([rotated.keys.kid, platform.keys.kid]);
    expect(JSON.stringify(keys)).not.toContain('kept-secret');
    const later = (await credentialOf('valid')).jwt;
    expect((await verifyIndependently(later)).kid).toBe(rotated.keys.kid);
    expect((await verifyIndependently(earlier)).kid).toBe(platform.keys.kid);
    expect((await verifyIndependently((await credentialOf('revoked')).jwt)).revoked).toBe(true);
    expect(await check(earlier)).toMatchObject({ valid: true });
  });
});

function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}
