import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../db/tables';

/** The IMS Security Framework's one algorithm for LTI messages. */
export const LTI_ALGORITHM = 'RS256';

export interface ToolKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const loaded = new WeakMap<Db, Promise<ToolKey>>();

async function fromRow(row: { kid: string; private_jwk: string }): Promise<ToolKey> {
  const jwk = JSON.parse(row.private_jwk) as JWK;
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  return {
    kid: row.kid,
    privateKey: (await importJWK(jwk, LTI_ALGORITHM)) as CryptoKey,
    publicJwk: { ...publicJwk, kid: row.kid, alg: LTI_ALGORITHM, use: 'sig' },
  };
}

/**
 * The tool's signing key, made at its first use and kept in the database, so that every instance
 * signs with the key the platforms hold (they fetch GET /lti/jwks) and a backup carries it.
 */
export function toolKey(db: Db): Promise<ToolKey> {
  let key = loaded.get(db);
  if (!key) {
    key = (async () => {
      const existing = await db
        .selectFrom('lti_tool_keys')
        .select(['kid', 'private_jwk'])
        .orderBy('created_at')
        .orderBy('kid')
        .executeTakeFirst();
      if (existing) return fromRow(existing);
      const { privateKey } = await generateKeyPair(LTI_ALGORITHM, { extractable: true, modulusLength: 2048 });
      const kid = randomUUID();
      await db
        .insertInto('lti_tool_keys')
        .values({
          kid,
          private_jwk: JSON.stringify(await exportJWK(privateKey)),
          created_at: new Date().toISOString(),
        })
        .execute();
      // Two instances making one at once: both keep whichever was made first.
      const first = await db
        .selectFrom('lti_tool_keys')
        .select(['kid', 'private_jwk'])
        .orderBy('created_at')
        .orderBy('kid')
        .executeTakeFirstOrThrow();
      if (first.kid !== kid) await db.deleteFrom('lti_tool_keys').where('kid', '=', kid).execute();
      return fromRow(first);
    })();
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}
