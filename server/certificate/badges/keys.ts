import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, type JWK } from 'jose';
import { z } from 'zod';
import type { Platform } from '../../platform';

export const CREDENTIAL_ALGORITHM = 'ES256';

/**
 * Public keys that signed credentials before a rotation, kept so those credentials still verify:
 * `DATA_DIR/keys/retired-public-keys.json`, a JWK Set. Only public members are read and published.
 */
export const retiredKeysFile = (dataDir: string) => path.join(dataDir, 'keys', 'retired-public-keys.json');

const publicJwkSchema = z
  .object({ kty: z.string(), kid: z.string().min(1), crv: z.string().optional(), x: z.string().optional() })
  .passthrough()
  .transform(
    ({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, k: _k, ...rest }: Record<string, unknown>) =>
      rest as JWK,
  );
const keySetSchema = z.object({ keys: z.array(publicJwkSchema) });

async function retiredKeys(dataDir: string | null): Promise<JWK[]> {
  if (!dataDir) return [];
  try {
    return keySetSchema.parse(JSON.parse(await fs.readFile(retiredKeysFile(dataDir), 'utf8'))).keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(
      `${retiredKeysFile(dataDir)} is not a JWK Set of public keys: ${(error as Error).message}`,
    );
  }
}

const published = new WeakMap<Platform, Promise<{ keys: JWK[] }>>();

/**
 * The key set a verifier checks credentials and ID tokens against: the current signing key and the
 * retired ones, public parts only. Read once per process (a rotation restarts the instances).
 */
export function publishedKeySet(platform: Platform): Promise<{ keys: JWK[] }> {
  let keySet = published.get(platform);
  if (!keySet) {
    keySet = (async () => {
      const current = {
        ...(await exportJWK(platform.keys.publicKey)),
        kid: platform.keys.kid,
        alg: CREDENTIAL_ALGORITHM,
        use: 'sig',
      };
      const retired = (await retiredKeys(platform.config.dataDir)).filter((key) => key.kid !== current.kid);
      return { keys: [current, ...retired] };
    })();
    keySet.catch(() => published.delete(platform));
    published.set(platform, keySet);
  }
  return keySet;
}
