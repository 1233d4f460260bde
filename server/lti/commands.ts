import { randomUUID } from 'node:crypto';
import { type CommandMeta, execute } from '../../events/command';
import { conflict } from '../../events/errors';
import type { LtiCommand, RegisterLtiPlatformInput } from '../../events/lti/commands';
import { ltiPlatformDecider } from '../../events/lti/decider';
import { ltiPlatformStream } from '../../events/lti/events';
import type { Actor } from '../../events/permissions';
import { findLtiPlatform } from '../../projections/lti/lti-platforms';
import type { Platform } from '../platform';

const run = (platform: Platform, meta: CommandMeta, platformId: string, command: LtiCommand) =>
  execute(platform.pipeline, {
    decider: ltiPlatformDecider,
    stream: ltiPlatformStream(platformId),
    meta,
    // Who may register platforms is the router's check (administrators).
    authorize: () => {},
    command: async () => command,
  });

/** Registers a learning platform that launches this tool (docs/integrating/lti.md). */
export async function registerLtiPlatform(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  input: RegisterLtiPlatformInput,
): Promise<{ platformId: string }> {
  // One registration per (issuer, client id): a launch must name exactly one.
  if (await findLtiPlatform(platform.database.db, { issuer: input.issuer, clientId: input.clientId }))
    throw conflict('lti.issuerTaken');
  const platformId = randomUUID();
  await run(platform, meta, platformId, {
    type: 'RegisterLtiPlatform',
    data: {
      platformId,
      name: input.name,
      issuer: input.issuer,
      clientId: input.clientId,
      deploymentIds: [...new Set(input.deploymentIds)],
      authLoginUrl: input.authLoginUrl,
      tokenUrl: input.tokenUrl,
      jwksUrl: input.jwksUrl,
      registeredBy: actor.userId,
    },
  });
  return { platformId };
}

/** The platform's launches, grades and member lists stop at once; its learners keep their accounts. */
export async function removeLtiPlatform(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  platformId: string,
) {
  await run(platform, meta, platformId, {
    type: 'RemoveLtiPlatform',
    data: { platformId, removedBy: actor.userId },
  });
}
