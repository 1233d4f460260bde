import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { v7 as uuidv7 } from 'uuid';
import { conflict, DomainError, invalid, unauthenticated } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { findUserById, findUserIdByEmail } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { transaction } from '../db/transaction';
import { securityEvent } from '../ops/security-events';
import type { Platform } from '../platform';
import { executeUser, systemMeta } from '../user/execute-user';
import { lockEmail } from './account';
import type { PrivateTables } from './private-tables';
import { requireRecentAuth } from './second-factor';

/**
 * Accounts of an external OIDC user pool (OIDC_ISSUER, Cognito-compatible;
 * docs/security.md#external-accounts-oidc). A pool's person is known here by the pair (issuer,
 * subject), never by the e-mail address in the token: a pool may let its users put any address
 * there.
 *
 * - A token counts only with `email_verified: true` (the boolean), for our audience, signed by the
 *   pool's key (its JWKS).
 * - (issuer, subject) already recorded: that account, whatever address the token now carries.
 * - A new address: an account is made for it (UserProvisioned) and the pair recorded with it.
 * - An address that has an account here already: refused (403 auth.externalAccountExists). Its owner
 *   signs in with its password, signs in again (/auth/reauth) and links the identity presented
 *   (externalAccount.link); from then on the pool's token opens that account.
 * - Adopted: an account the pool's tokens made before identities were recorded (no identity, no
 *   password of its own) is taken by the first verified token for its address, so existing pool
 *   users go on signing in after the upgrade; later ones for the address are refused as above.
 *
 * The records are private state (a table beside the sessions), emptied by an erasure, carried by a
 * backup; the subject is kept only as a SHA-256 digest.
 */

/** What a verified external token says about its person. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  /** Lower case, verified by the pool. */
  email: string;
  name: string | null;
}

let remoteKeys: { url: string; keys: ReturnType<typeof createRemoteJWKSet> } | null = null;

async function jwksUrl(platform: Platform): Promise<string> {
  const { OIDC_JWKS_URL, OIDC_ISSUER } = platform.config;
  if (OIDC_JWKS_URL) return OIDC_JWKS_URL;
  const discovery = await fetch(`${OIDC_ISSUER!.replace(/\/$/, '')}/.well-known/openid-configuration`);
  const { jwks_uri } = (await discovery.json()) as { jwks_uri?: string };
  if (!jwks_uri) throw new Error('the identity provider does not announce jwks_uri');
  return jwks_uri;
}

/** The person an external pool's token presents, or null: not the pool's, not for us, or no verified address. */
export async function verifyExternalToken(
  platform: Platform,
  token: string,
): Promise<ExternalIdentity | null> {
  const { OIDC_ISSUER, OIDC_AUDIENCE } = platform.config;
  if (!OIDC_ISSUER || !OIDC_AUDIENCE) return null;
  try {
    const url = await jwksUrl(platform);
    if (remoteKeys?.url !== url) remoteKeys = { url, keys: createRemoteJWKSet(new URL(url)) };
    const { payload } = await jwtVerify(token, remoteKeys.keys, { issuer: OIDC_ISSUER });
    // Cognito ID tokens carry the client id in `aud`; its access tokens carry it in `client_id`.
    const audiences = [payload.aud, payload.client_id].flat().filter(Boolean);
    if (!audiences.includes(OIDC_AUDIENCE)) return null;
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email || payload.email_verified !== true || !payload.sub || !payload.iss) return null;
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null;
    return { issuer: payload.iss, subject: payload.sub, email, name };
  } catch (error) {
    platform.log.debug({ err: error }, 'external token refused');
    return null;
  }
}

const subjectHash = (subject: string) => createHash('sha256').update(subject).digest('hex');

/** The account an external identity signs in to, or null when none is recorded. */
export async function ownerOfIdentity(
  db: Db,
  identity: Pick<ExternalIdentity, 'issuer' | 'subject'>,
): Promise<string | null> {
  const row = await db
    .selectFrom('external_identities')
    .select('user_id')
    .where('issuer', '=', identity.issuer)
    .where('subject_hash', '=', subjectHash(identity.subject))
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Records the identity for the account; false when it was recorded (for any account) meanwhile. */
export async function recordIdentity(
  db: Db,
  userId: string,
  identity: Pick<ExternalIdentity, 'issuer' | 'subject'>,
  how: PrivateTables['external_identities']['how'],
): Promise<boolean> {
  const added = await db
    .insertInto('external_identities')
    .values({ issuer: identity.issuer, subject_hash: subjectHash(identity.subject), user_id: userId, how })
    .onConflict((oc) => oc.columns(['issuer', 'subject_hash']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return added !== undefined;
}

/** The external identities that sign in to an account: their pool and since when. */
export async function identitiesOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom('external_identities')
    .select(['issuer', 'linked_at', 'how'])
    .where('user_id', '=', userId)
    .orderBy('linked_at')
    .execute();
  return rows.map((row) => ({
    issuer: row.issuer,
    linkedAt: new Date(row.linked_at).toISOString(),
    how: row.how,
  }));
}

/**
 * An account the pool's tokens made before identities were recorded: made by provisioning, with
 * no identity recorded and no password of its own. Such an account was only ever reached through
 * the pool, by this address, so the pool's verified word for the address is the best claim to it.
 */
async function adoptable(db: Db, userId: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('source').where('user_id', '=', userId).executeTakeFirst();
  if (user?.source !== 'external') return false;
  const [identity, password] = await Promise.all([
    db.selectFrom('external_identities').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('credentials').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return !identity && !password;
}

/** Thrown inside the provisioning transaction when the address turned out to be taken meanwhile. */
class AddressTaken extends Error {}

/**
 * The account a verified identity with no record signs in to: made for a new address (the pair
 * recorded in the same transaction), or adopted (see above); null when the address belongs to an
 * account that must link it first.
 */
export async function provisionOrAdopt(
  platform: Platform,
  identity: ExternalIdentity,
): Promise<string | null> {
  const db = platform.database.db;
  if (!(await findUserIdByEmail(db, identity.email))) {
    const userId = uuidv7();
    const name = identity.name ?? identity.email.split('@')[0]!;
    try {
      await executeUser(
        platform,
        systemMeta('provision'),
        userId,
        { type: 'Provision', data: { userId, email: identity.email, name, issuer: identity.issuer } },
        {
          before: async (trx) => {
            await lockEmail(trx, identity.email);
            if (await findUserIdByEmail(trx, identity.email)) throw new AddressTaken();
            if (!(await recordIdentity(trx, userId, identity, 'provisioned'))) throw new AddressTaken();
          },
        },
      );
      return userId;
    } catch (error) {
      if (!(error instanceof AddressTaken)) throw error;
      // A parallel first sight of the same identity made the account: that one.
      const owner = await ownerOfIdentity(db, identity);
      if (owner) return owner;
    }
  }
  return transaction(db, async (trx) => {
    await lockEmail(trx, identity.email);
    const existing = await findUserIdByEmail(trx, identity.email);
    if (!existing || !(await adoptable(trx, existing))) return null;
    return (await recordIdentity(trx, existing, identity, 'adopted')) ? existing : null;
  });
}

/** Why a verified external token opens nothing: its address belongs to an account that has not linked it. */
export const externalAccountExists = () => new DomainError('FORBIDDEN', 'auth.externalAccountExists');

/**
 * Links the external identity a token presents to the signed-in account, after its owner signed in
 * again (`reauth`, /auth/reauth: the password, and the second factor when enrolled). The token must
 * be the pool's, verified, and for the account's own address; an identity already linked to
 * another account stays there (409). Linking it again is a no-op.
 */
export async function linkExternalIdentity(
  platform: Platform,
  actor: Actor,
  input: { token: string; reauth: string },
  requestId: string,
) {
  await requireRecentAuth(platform, actor, input.reauth);
  const db = platform.database.db;
  const user = await findUserById(db, actor.userId);
  if (!user) throw unauthenticated();
  const identity = await verifyExternalToken(platform, input.token);
  if (!identity)
    throw invalid('auth.externalTokenRefused', [{ path: 'token', key: 'auth.externalTokenRefused' }]);
  if (identity.email !== user.email)
    throw invalid('auth.externalOtherAddress', [{ path: 'token', key: 'auth.externalOtherAddress' }]);
  const linked = await transaction(db, async (trx) => {
    const owner = await ownerOfIdentity(trx, identity);
    if (owner === actor.userId) return false;
    if (owner || !(await recordIdentity(trx, actor.userId, identity, 'owner')))
      throw conflict('auth.externalLinkedElsewhere');
    return true;
  });
  if (linked)
    securityEvent(platform.log, 'external-identity-linked', {
      userId: actor.userId,
      issuer: identity.issuer,
      requestId,
    });
  return { success: true, linked: await identitiesOf(db, actor.userId) };
}
