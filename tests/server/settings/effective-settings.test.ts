import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { loadConfig } from '../../../server/config';
import { type EffectiveSettings, effectiveSettings } from '../../../server/settings/effective-settings';
import { loadTenant } from '../../../server/tenant/config';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * /admin/settings (docs/operations/monitoring.md#the-effective-settings) reads the effective
 * configuration through settings.effective. Administrators get it; nobody else does; and no secret
 * ever appears in it, whichever variable holds it (every one is set here to a value the answer is
 * searched for).
 */

/** Secret values set in the environment: none may appear anywhere in the answer. */
const secrets = {
  ADMIN_PASSWORD: 'SECRET-admin-pass-123',
  SMTP_PASSWORD: 'SECRET-smtp-pass-123',
  SMTP_USER: 'SECRET-smtp-user-123',
  ZOOM_SDK_KEY: 'SECRET-zoom-key-123',
  ZOOM_SDK_SECRET: 'SECRET-zoom-secret-123',
  METRICS_TOKEN: 'SECRET-metrics-token-123',
  DATABASE_PASSWORD: 'SECRET-db-pass-123',
  PUBLIC_URL_PASSWORD: 'SECRET-public-pass-123',
  PUBLIC_URL_QUERY: 'SECRET-public-query-123',
  JWKS_QUERY: 'SECRET-jwks-query-123',
  S3_ENDPOINT_PASSWORD: 'SECRET-s3-endpoint-pass-123',
  AWS_ACCESS_KEY_ID: 'SECRET-aws-key-id-123',
  AWS_SECRET_ACCESS_KEY: 'SECRET-aws-secret-123',
};

/** Every variable that holds a secret, set (except the signing key, which must be a real key). */
const secretEnv = {
  ADMIN_EMAIL: 'root@example.org',
  ADMIN_PASSWORD: secrets.ADMIN_PASSWORD,
  SMTP_URL: `smtp://${secrets.SMTP_USER}:${secrets.SMTP_PASSWORD}@mail.example.org:2525`,
  MAIL_FROM: 'Academy <academy@example.org>',
  ZOOM_SDK_KEY: secrets.ZOOM_SDK_KEY,
  ZOOM_SDK_SECRET: secrets.ZOOM_SDK_SECRET,
  METRICS_TOKEN: secrets.METRICS_TOKEN,
  // Read by no part of a test platform (the harness names the database it opens): the answer must
  // tell the database actually open, and never this URL's password.
  DATABASE_URL: `postgres://app:${secrets.DATABASE_PASSWORD}@db.example.org:6543/platform`,
  PUBLIC_URL: `https://viewer:${secrets.PUBLIC_URL_PASSWORD}@learn.example.org/?key=${secrets.PUBLIC_URL_QUERY}`,
  OIDC_ISSUER: 'https://issuer.example.org/pool',
  OIDC_AUDIENCE: 'platform-client',
  OIDC_JWKS_URL: `https://issuer.example.org/pool/jwks.json?key=${secrets.JWKS_QUERY}`,
};

/** Fails naming every secret value found in the serialised answer. */
function expectNoSecret(answer: unknown, values: string[]) {
  const text = JSON.stringify(answer);
  expect(values.filter((value) => text.includes(value))).toEqual([]);
}

describe.each(databaseKinds)('settings.effective on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let signingSecret: string;
  const tokens = {} as Record<'admin' | 'participant' | 'teacher' | 'roleManager' | 'userManager', string>;
  const { call, as, refused } = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', kid: 'SECRET-kid-123' };
    signingSecret = jwk.d!;
    platform = await startTestPlatform(kind, { env: { ...secretEnv, JWT_PRIVATE_KEY: JSON.stringify(jwk) } });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    tokens.participant = (await addTestUser(platform)).token;
    tokens.teacher = (await addTestUser(platform, { roles: ['teacher'] })).token;
    await as('admin', 'role.create', { name: 'platform-keeper', actions: { manage_roles: true } });
    await as('admin', 'role.create', { name: 'user-keeper', actions: { manage_users: true, view: true } });
    tokens.roleManager = (await addTestUser(platform, { roles: ['platform-keeper'] })).token;
    tokens.userManager = (await addTestUser(platform, { roles: ['user-keeper'] })).token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const settings = () => as<EffectiveSettings>('admin', 'settings.effective', undefined, false);

  it('gives an administrator the tenant, languages, pages, sign-up fields, mail and version', async () => {
    const answer = await settings();
    const tenant = loadTenant();
    expect(answer.tenant).toMatchObject({
      name: tenant.name,
      file: null,
      colours: tenant.colours,
      fonts: tenant.fonts,
      images: tenant.images,
    });
    expect(answer.languages).toEqual(tenant.languages);
    expect(answer.signupFields).toEqual(tenant.signupFields);
    expect(answer.staticPages).toContainEqual({
      path: 'about',
      title: { nl: 'Over ons', en: 'About', fr: 'À propos' },
      paths: { nl: 'over-ons', en: 'about', fr: 'a-propos' },
    });
    expect(answer.analytics).toBeNull();
    expect(answer.storage).toMatchObject({ driver: 'local' });
    expect(answer.mail).toEqual({
      transport: { kind: 'smtp', host: 'mail.example.org', port: 2525, secure: false, credentials: true },
      from: 'Academy <academy@example.org>',
      notifyEmail: null,
    });
    expect(answer.server).toMatchObject({ publicUrl: 'https://learn.example.org', nodeEnv: 'test' });
    expect(answer.security).toMatchObject({
      signingKey: { source: 'variable' },
      adminEmail: 'root@example.org',
      adminPasswordSet: true,
      oidc: {
        issuer: 'https://issuer.example.org/pool',
        audience: 'platform-client',
        jwksUrl: 'https://issuer.example.org/pool/jwks.json',
      },
      zoomSdkKeySet: true,
      zoomSdkSecretSet: true,
      metricsTokenSet: true,
    });
    expect(answer.version).toMatchObject({
      app: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
    });
    expect(answer.version.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('names the database actually open, never the password of a URL', async () => {
    const answer = await settings();
    if (kind === 'pglite') {
      // The harness keeps the embedded database in memory: no folder.
      expect(answer.database).toEqual({ kind: 'embedded', dataFolder: null });
    } else {
      const url = new URL((platform.database.target as { connectionString: string }).connectionString);
      expect(answer.database).toEqual({
        kind: 'postgresql',
        host: url.hostname,
        port: Number(url.port || 5432),
        database: url.pathname.slice(1),
        poolSize: 10,
      });
    }
  });

  it('never shows a secret, only whether it is set', async () => {
    const answer = await settings();
    expectNoSecret(answer, [...Object.values(secrets), signingSecret, 'SECRET-kid-123']);
    // Nothing of the kind under any name either (a copied config object would bring them).
    expect(JSON.stringify(answer)).not.toMatch(/SECRET-|JWT_PRIVATE_KEY|"d":/);
  });

  it('counts each queue’s jobs live, and again after a change', async () => {
    const queue = (answer: EffectiveSettings, name: string) => {
      const found = answer.jobs.queues.find((each) => each.name === name);
      if (!found) throw new Error(`no queue ${name}`);
      return found;
    };
    const before = await settings();
    expect(queue(before, 'rate-limits.sweep')).toMatchObject({ schedule: '*/5 * * * *' });
    const start = queue(before, 'mail.send');
    expect(start).toMatchObject({ retrying: 0, failed: 0, schedule: null });
    // Nothing works the jobs in this test: sent jobs wait; a fetched one runs.
    await platform.jobs.boss.send('mail.send', { probe: 1 });
    await platform.jobs.boss.send('mail.send', { probe: 2 });
    await platform.jobs.boss.fetch('mail.send');
    expect(queue(await settings(), 'mail.send')).toMatchObject({
      queued: start.queued + 1,
      active: start.active + 1,
    });
  });

  it('answers who holds manage_roles and refuses a participant, a teacher and a user manager', async () => {
    expect((await call('roleManager', 'settings.effective', undefined, false)).ok).toBe(true);
    await refused('participant', 'settings.effective', undefined, 'FORBIDDEN', false);
    await refused('teacher', 'settings.effective', undefined, 'FORBIDDEN', false);
    await refused('userManager', 'settings.effective', undefined, 'FORBIDDEN', false);
    const anonymous = await app.inject({ url: '/trpc/settings.effective' });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await app.inject({
      url: '/trpc/settings.effective',
      headers: { authorization: `Bearer ${tokens.teacher}` },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('the effective settings’ allow-list', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: '/srv/platform',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'academy-files',
    S3_REGION: 'eu-west-1',
    S3_ENDPOINT: `https://keeper:${secrets.S3_ENDPOINT_PASSWORD}@minio.example.org:9000`,
    S3_FORCE_PATH_STYLE: 'true',
    ...secretEnv,
    SMTP_URL: `smtps://${secrets.SMTP_USER}:${secrets.SMTP_PASSWORD}@mail.example.org`,
    JWT_PRIVATE_KEY: '{"kty":"EC","crv":"P-256","d":"SECRET-jwt-d-123","x":"x","y":"y"}',
  });
  const answer = effectiveSettings({
    config,
    tenant: loadTenant(),
    database: {
      kind: 'server',
      connectionString: `postgresql://app:${secrets.DATABASE_PASSWORD}@db.example.org:6543/platform?sslmode=require&password=SECRET-db-query-123`,
    },
    env: {
      AWS_ACCESS_KEY_ID: secrets.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: secrets.AWS_SECRET_ACCESS_KEY,
    },
    queues: [],
    now: new Date('2026-11-25T10:00:00Z'),
    uptimeSeconds: 90.7,
  });

  it('shows the bucket, the server and the mail host without credentials', () => {
    expect(answer.storage).toEqual({
      driver: 's3',
      bucket: 'academy-files',
      region: 'eu-west-1',
      endpoint: 'https://minio.example.org:9000',
      forcePathStyle: true,
      publicUrl: null,
      credentials: { accessKeyId: true, secretAccessKey: true, profile: false },
      maxImageMegapixels: 50,
    });
    expect(answer.database).toEqual({
      kind: 'postgresql',
      host: 'db.example.org',
      port: 6543,
      database: 'platform',
      poolSize: 10,
    });
    expect(answer.mail.transport).toEqual({
      kind: 'smtp',
      host: 'mail.example.org',
      port: 465,
      secure: true,
      credentials: true,
    });
    expect(answer.server.graphqlIntrospection).toBe(false);
    expect(answer.version).toMatchObject({ uptimeSeconds: 90, startedAt: '2026-11-25T09:58:30.000Z' });
  });

  it('holds none of the secrets', () => {
    expectNoSecret(answer, [...Object.values(secrets), 'SECRET-jwt-d-123', 'SECRET-db-query-123']);
    expect(JSON.stringify(answer)).not.toContain('SECRET-');
  });

  it('says the mail waits in the outbox without SMTP_URL, and an in-memory database has no folder', () => {
    const plain = effectiveSettings({
      config: loadConfig({ DATA_DIR: '/srv/platform' }),
      tenant: loadTenant(),
      database: { kind: 'embedded', dataDir: '/srv/platform' },
      env: {},
      queues: [],
      now: new Date(),
      uptimeSeconds: 1,
    });
    expect(plain.mail.transport).toEqual({ kind: 'outbox' });
    expect(plain.database).toEqual({ kind: 'embedded', dataFolder: '/srv/platform' });
    expect(plain.storage).toEqual({ driver: 'local', folder: '/srv/platform/files', maxImageMegapixels: 50 });
    expect(plain.security.signingKey).toEqual({ source: 'dataDir' });
    expect(plain.server).toMatchObject({ publicUrl: 'http://localhost:3000', publicUrlSet: false });
  });
});
