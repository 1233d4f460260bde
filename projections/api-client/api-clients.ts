import type { ColumnType, Transaction } from 'kysely';
import type { ApiScope } from '../../events/api-client/events';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** Every API client ever made, revoked ones too (the list shows them), never its secret. */
export interface ApiClientsTable {
  client_id: string;
  name: string;
  scopes: ColumnType<ApiScope[], string, string>;
  expires_at: ColumnType<Date | null, string | null, string | null>;
  allowed_ips: ColumnType<string[], string, string>;
  secret_hash: string;
  created_by: string;
  created_at: ColumnType<Date, string, string>;
  revoked_at: ColumnType<Date | null, string | null, string | null>;
  revoked_by: string | null;
  last_used_at: ColumnType<Date | null, string | null, string | null>;
}

export interface ApiClientTables {
  api_clients: ApiClientsTable;
}

const handles = ['ApiClientCreated', 'ApiClientRevoked', 'ApiClientUsed'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<ApiClientTables>, stored: StoredOf<Handled>) {
  switch (stored.type) {
    case 'ApiClientCreated': {
      const { clientId, name, scopes, expiresAt, allowedIps, secretHash, createdBy } = stored.data;
      await trx
        .insertInto('api_clients')
        .values({
          client_id: clientId,
          name,
          scopes: JSON.stringify(scopes),
          expires_at: expiresAt,
          allowed_ips: JSON.stringify(allowedIps),
          secret_hash: secretHash,
          created_by: createdBy,
          created_at: stored.meta.at,
        })
        .execute();
      return;
    }
    case 'ApiClientRevoked':
      await trx
        .updateTable('api_clients')
        .set({ revoked_at: stored.meta.at, revoked_by: stored.data.revokedBy })
        .where('client_id', '=', stored.data.clientId)
        .execute();
      return;
    case 'ApiClientUsed':
      await trx
        .updateTable('api_clients')
        .set({ last_used_at: stored.meta.at })
        .where('client_id', '=', stored.data.clientId)
        .execute();
      return;
  }
}

export const apiClientsProjection: Projection<ApiClientTables, Handled> = {
  name: 'api_clients',
  version: 1,
  tables: ['api_clients'],
  handles,
  apply,
};

export type ApiClientRow = {
  clientId: string;
  name: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
  allowedIps: string[];
  createdBy: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

const columns = [
  'client_id',
  'name',
  'scopes',
  'expires_at',
  'allowed_ips',
  'created_by',
  'created_at',
  'revoked_at',
  'last_used_at',
] as const;

const toRow = (row: {
  client_id: string;
  name: string;
  scopes: ApiScope[];
  expires_at: Date | null;
  allowed_ips: string[];
  created_by: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}): ApiClientRow => ({
  clientId: row.client_id,
  name: row.name,
  scopes: row.scopes,
  expiresAt: row.expires_at,
  allowedIps: row.allowed_ips,
  createdBy: row.created_by,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at,
});

/** Every client, newest first. */
export async function listApiClients(db: Db): Promise<ApiClientRow[]> {
  const rows = await db.selectFrom('api_clients').select(columns).orderBy('created_at', 'desc').execute();
  return rows.map(toRow);
}

/** One client with the hash its secret is checked against, by id or by that hash. */
export async function findApiClient(
  db: Db,
  by: { clientId: string } | { secretHash: string },
): Promise<(ApiClientRow & { secretHash: string }) | null> {
  const query = db.selectFrom('api_clients').select([...columns, 'secret_hash']);
  const row = await ('clientId' in by
    ? query.where('client_id', '=', by.clientId)
    : query.where('secret_hash', '=', by.secretHash)
  ).executeTakeFirst();
  return row ? { ...toRow(row), secretHash: row.secret_hash } : null;
}
