import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { startTestPlatform } from '../harness';

/** Every numeric setting with its default. */
const numbers = {
  PORT: 3000,
  DATABASE_POOL_SIZE: 10,
  IMAGE_MAX_MEGAPIXELS: 50,
  SHUTDOWN_TIMEOUT_MS: 8000,
  ID_TOKEN_TTL_SECONDS: 900,
  RATE_LIMIT_WINDOW_SECONDS: 60,
  RATE_LIMIT_PER_ADDRESS: 3000,
  RATE_LIMIT_PER_USER: 1200,
  RATE_LIMIT_UPLOADS: 120,
} as const;

describe('a variable set to nothing', () => {
  it.each(Object.entries(numbers))('%s= takes the default (%d), never 0', (variable, fallback) => {
    expect(loadConfig({ [variable]: '' })[variable as keyof typeof numbers]).toBe(fallback);
    expect(loadConfig({ [variable]: '   ' })[variable as keyof typeof numbers]).toBe(fallback);
  });

  it('counts as unset for the flags, texts and lists too', () => {
    const config = loadConfig({
      SEED_DEMO: '',
      GRAPHQL_INTROSPECTION: ' ',
      NODE_ENV: '',
      HOST: '',
      DATA_DIR: '',
      MAIL_FROM: '',
      LOG_LEVEL: '',
      STORAGE_DRIVER: '',
      TRUST_PROXY: '',
      DATABASE_URL: '',
    });
    expect(config).toMatchObject({
      SEED_DEMO: true,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      MAIL_FROM: 'Platform <no-reply@localhost>',
      LOG_LEVEL: 'info',
      STORAGE_DRIVER: 'local',
      TRUST_PROXY: false,
    });
    expect(config.GRAPHQL_INTROSPECTION).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });
});

describe('numbers', () => {
  it.each([
    ['PORT', '0x50'],
    ['PORT', '1e3'],
    ['PORT', '80.5'],
    ['PORT', '-1'],
    ['PORT', '65536'],
    ['DATABASE_POOL_SIZE', '0'],
    ['SHUTDOWN_TIMEOUT_MS', '50'],
    ['SHUTDOWN_TIMEOUT_MS', '99999999999'],
    ['ID_TOKEN_TTL_SECONDS', 'Infinity'],
    ['RATE_LIMIT_UPLOADS', '+5'],
    ['IMAGE_MAX_MEGAPIXELS', '.5'],
  ])('%s=%j is refused with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`${variable}: must be a`));
  });

  it('are read in decimal, spaces around allowed', () => {
    expect(loadConfig({ PORT: ' 8080 ' }).PORT).toBe(8080);
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(loadConfig({ RATE_LIMIT_UPLOADS: '0' }).RATE_LIMIT_UPLOADS).toBe(0);
    expect(loadConfig({ IMAGE_MAX_MEGAPIXELS: '12.5' }).IMAGE_MAX_MEGAPIXELS).toBe(12.5);
  });

  it('gives the shutdown 8 s by default, under the 10 s orchestrators wait before killing', () => {
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_MS).toBeLessThan(10_000);
  });
});

describe('files named by variables', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'config-files-'));
  const write = (name: string, text: string) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it.each([
    ['missing', path.join(folder, 'nowhere.json'), /TENANT_CONFIG: cannot read .*nowhere\.json \(ENOENT\)/],
    ['a folder', folder, /TENANT_CONFIG: cannot read .* \(EISDIR\)/],
    ['not JSON', write('broken.json', '{ name: '), /TENANT_CONFIG: .*broken\.json is not JSON/],
    [
      'not a tenant',
      write('wrong.json', '{"name": ""}'),
      /TENANT_CONFIG: .*wrong\.json does not fit: name: /,
    ],
  ])('TENANT_CONFIG %s stops the start naming the variable', (_case, file, message) => {
    expect(() => loadConfig({ TENANT_CONFIG: file })).toThrow(ConfigError);
    expect(() => loadConfig({ TENANT_CONFIG: file })).toThrow(message);
  });

  it('TENANT_CONFIG of the shipped tenant is taken', () => {
    const file = path.resolve('server/tenant/default-tenant.json');
    expect(loadConfig({ TENANT_CONFIG: file }).TENANT_CONFIG).toBe(file);
  });

  it.each([
    [
      'missing',
      path.join(folder, 'no-key.jwk'),
      /JWT_PRIVATE_KEY_FILE: cannot read .*no-key\.jwk \(ENOENT\)/,
    ],
    ['not JSON', write('text.jwk', 'secret'), /JWT_PRIVATE_KEY_FILE: .*text\.jwk must hold a private JWK/],
    [
      'a public key',
      write('public.jwk', '{"kty":"EC","crv":"P-256","x":"a","y":"b"}'),
      /JWT_PRIVATE_KEY_FILE: .*public\.jwk must hold a private JWK/,
    ],
  ])('JWT_PRIVATE_KEY_FILE %s stops the start naming the variable', (_case, file, message) => {
    expect(() => loadConfig({ JWT_PRIVATE_KEY_FILE: file })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_PRIVATE_KEY_FILE: file })).toThrow(message);
  });

  it('JWT_PRIVATE_KEY_FILE holding a private JWK is taken', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const file = write('key.jwk', `${JSON.stringify(await exportJWK(privateKey))}\n`);
    expect(loadConfig({ JWT_PRIVATE_KEY_FILE: file }).JWT_PRIVATE_KEY_FILE).toBe(file);
  });
});

describe('a signing key that passes for a JWK but signs nothing', () => {
  it('stops the start naming its variable', async () => {
    const jwk = JSON.stringify({ kty: 'EC', crv: 'P-256', d: 'not-a-key', x: 'x', y: 'y' });
    await expect(startTestPlatform('pglite', { env: { JWT_PRIVATE_KEY: jwk } })).rejects.toThrow(
      /JWT_PRIVATE_KEY: not a usable signing key/,
    );
  });
});
