import { z } from 'zod';
import { webUrl } from '../shared/fields';
import type { LtiEvent } from './events';

/** An absolute http(s) address: the platform's, which this server calls or sends browsers to. */
const url = webUrl()
  .refine((value) => /^https?:\/\//i.test(value), 'validation.url')
  .refine((value) => value.length <= 500, 'validation.tooLong');
const required = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** lti.registerPlatform: what an administrator copies from the learning platform. */
export const registerLtiPlatformInputSchema = z.strictObject({
  name: required(100),
  /** Compared with each id_token's `iss` as written, so a trailing slash is left out. */
  issuer: url.transform((value) => value.replace(/\/+$/, '')),
  clientId: required(200),
  deploymentIds: z.array(required(200)).max(20).default([]),
  authLoginUrl: url,
  tokenUrl: url,
  jwksUrl: url,
});
export type RegisterLtiPlatformInput = z.output<typeof registerLtiPlatformInputSchema>;

export const ltiPlatformIdInputSchema = z.strictObject({ platformId: z.uuid() });

export type RegisterLtiPlatform = {
  type: 'RegisterLtiPlatform';
  data: Extract<LtiEvent, { type: 'LtiPlatformRegistered' }>['data'];
};
export type RemoveLtiPlatform = {
  type: 'RemoveLtiPlatform';
  data: { platformId: string; removedBy: string };
};

export type LtiCommand = RegisterLtiPlatform | RemoveLtiPlatform;
