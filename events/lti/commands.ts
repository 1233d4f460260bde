import { z } from 'zod';
import type { LtiEvent } from './events';

const url = z
  .url({ protocol: /^https?$/ })
  .trim()
  .max(500);

/** lti.registerPlatform: what an administrator copies from the learning platform. */
export const registerLtiPlatformInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  issuer: url,
  clientId: z.string().trim().min(1).max(200),
  deploymentIds: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
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
