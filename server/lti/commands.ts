import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type CommandMeta, execute } from '../../events/command';
import { DomainError } from '../../events/errors';
import type { LtiCommand, RegisterLtiPlatformInput } from '../../events/lti/commands';
import { ltiPlatformDecider } from '../../events/lti/decider';
import { ltiPlatformStream } from '../../events/lti/events';
import type { Actor } from '../../events/permissions';
import { findLtiPlatform } from '../../projections/lti/lti-platforms';
import type { Db } from '../db/tables';
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
  const platformId = randomUUID();
  const command: LtiCommand = {
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
  };
  await execute(platform.pipeline, {
    decider: ltiPlatformDecider,
    stream: ltiPlatformStream(platformId),
    meta,
    authorize: () => {},
    command: async (_state, trx) => {
      // One registration per (issuer, client id), or a launch could name two: registrations of one
      // pair wait for each other here, and the later one finds the first.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`lti-platform ${input.issuer} ${input.clientId}`}, 0))`.execute(
        trx,
      );
      if (await findLtiPlatform(trx as unknown as Db, { issuer: input.issuer, clientId: input.clientId }))
        throw new DomainError('CONFLICT', 'lti.issuerTaken', {}, [
          { path: 'clientId', key: 'lti.issuerTaken' },
        ]);
      return command;
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
