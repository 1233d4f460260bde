import type { ColumnType, Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** Every learning platform ever registered as an LTI launcher, removed ones too (the list shows them). */
export interface LtiPlatformsTable {
  platform_id: string;
  name: string;
  issuer: string;
  client_id: string;
  deployment_ids: ColumnType<string[], string, string>;
  auth_login_url: string;
  token_url: string;
  jwks_url: string;
  registered_by: string;
  registered_at: ColumnType<Date, string, string>;
  removed_at: ColumnType<Date | null, string | null, string | null>;
  removed_by: string | null;
}

export interface LtiTables {
  lti_platforms: LtiPlatformsTable;
}

const handles = ['LtiPlatformRegistered', 'LtiPlatformRemoved'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<LtiTables>, stored: StoredOf<Handled>) {
  switch (stored.type) {
    case 'LtiPlatformRegistered': {
      const { data } = stored;
      await trx
        .insertInto('lti_platforms')
        .values({
          platform_id: data.platformId,
          name: data.name,
          issuer: data.issuer,
          client_id: data.clientId,
          deployment_ids: JSON.stringify(data.deploymentIds),
          auth_login_url: data.authLoginUrl,
          token_url: data.tokenUrl,
          jwks_url: data.jwksUrl,
          registered_by: data.registeredBy,
          registered_at: stored.meta.at,
        })
        .execute();
      return;
    }
    case 'LtiPlatformRemoved':
      await trx
        .updateTable('lti_platforms')
        .set({ removed_at: stored.meta.at, removed_by: stored.data.removedBy })
        .where('platform_id', '=', stored.data.platformId)
        .execute();
      return;
  }
}

export const ltiPlatformsProjection: Projection<LtiTables, Handled> = {
  name: 'lti_platforms',
  version: 1,
  tables: ['lti_platforms'],
  handles,
  apply,
};

export interface LtiPlatformRow {
  platformId: string;
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  registeredAt: Date;
  removedAt: Date | null;
}

const columns = [
  'platform_id',
  'name',
  'issuer',
  'client_id',
  'deployment_ids',
  'auth_login_url',
  'token_url',
  'jwks_url',
  'registered_at',
  'removed_at',
] as const;

const toRow = (row: {
  platform_id: string;
  name: string;
  issuer: string;
  client_id: string;
  deployment_ids: string[];
  auth_login_url: string;
  token_url: string;
  jwks_url: string;
  registered_at: Date;
  removed_at: Date | null;
}): LtiPlatformRow => ({
  platformId: row.platform_id,
  name: row.name,
  issuer: row.issuer,
  clientId: row.client_id,
  deploymentIds: row.deployment_ids,
  authLoginUrl: row.auth_login_url,
  tokenUrl: row.token_url,
  jwksUrl: row.jwks_url,
  registeredAt: row.registered_at,
  removedAt: row.removed_at,
});

/** Every platform, newest first. */
export async function listLtiPlatforms(db: Db): Promise<LtiPlatformRow[]> {
  const rows = await db
    .selectFrom('lti_platforms')
    .select(columns)
    .orderBy('registered_at', 'desc')
    .execute();
  return rows.map(toRow);
}

/**
 * The registered platform that speaks as `issuer` to this client id (any of its clients when not
 * given, as a login initiation may omit it): only platforms not removed.
 */
export async function findLtiPlatform(
  db: Db,
  by: { issuer: string; clientId?: string } | { platformId: string },
): Promise<LtiPlatformRow | null> {
  let query = db.selectFrom('lti_platforms').select(columns).where('removed_at', 'is', null);
  if ('platformId' in by) query = query.where('platform_id', '=', by.platformId);
  else {
    query = query.where('issuer', '=', by.issuer);
    if (by.clientId) query = query.where('client_id', '=', by.clientId);
  }
  const rows = await query.orderBy('registered_at', 'desc').limit(2).execute();
  // Two clients of one issuer and no client id to choose: neither is taken for the other.
  return rows.length === 1 ? toRow(rows[0]!) : null;
}
