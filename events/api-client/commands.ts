import { isIP } from 'node:net';
import { z } from 'zod';
import type { ApiClientEvent } from './events';
import { apiScopeSchema } from './events';

/** One allowed address: an IPv4 or IPv6 address, or a CIDR range of either. */
const allowedIp = z
  .string()
  .trim()
  .max(50)
  .refine((value) => {
    const [address = '', prefix, extra] = value.split('/');
    const version = isIP(address);
    if (version === 0 || extra !== undefined) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
  }, 'validation.ipAddress');

/** apiClient.create: the form an administrator fills in. */
export const createApiClientInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(apiScopeSchema).min(1).max(7),
  expiresAt: z.iso.datetime().nullable().default(null),
  allowedIps: z.array(allowedIp).max(50).default([]),
});
export type CreateApiClientInput = z.output<typeof createApiClientInputSchema>;

export const apiClientIdInputSchema = z.strictObject({ clientId: z.uuid() });

export type CreateApiClient = {
  type: 'CreateApiClient';
  data: Extract<ApiClientEvent, { type: 'ApiClientCreated' }>['data'] & { now: Date };
};
export type RevokeApiClient = { type: 'RevokeApiClient'; data: { clientId: string; revokedBy: string } };
export type RecordApiClientUse = {
  type: 'RecordApiClientUse';
  data: Extract<ApiClientEvent, { type: 'ApiClientUsed' }>['data'];
};

export type ApiClientCommand = CreateApiClient | RevokeApiClient | RecordApiClientUse;
