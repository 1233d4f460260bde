import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { type ApiScope, apiScopes } from '../../events/api-client/events';
import { findApiClient } from '../../projections/api-client/api-clients';
import type { Platform } from '../platform';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './access-tokens';
import { noteApiClientUse } from './commands';
import { clientWorks } from './credentials';
import { clientSecretHash } from './secrets';

type OAuthError = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope';

/** RFC 6749 §5.2: the error code, a sentence for the developer, never cached. */
function refuse(reply: FastifyReply, status: number, error: OAuthError, description: string) {
  if (error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="srhr-platform"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error, error_description: description });
}

/** The client id and secret from HTTP Basic (RFC 6749 §2.3.1, form-encoded inside) or from the form. */
function credentialsOf(
  header: string | undefined,
  form: Record<string, string>,
): { clientId: string; clientSecret: string } | 'both' | null {
  const basic = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)?.[1];
  const inForm = form.client_id !== undefined || form.client_secret !== undefined;
  if (basic && inForm) return 'both';
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
      };
    } catch {
      return null;
    }
  }
  if (form.client_id && form.client_secret)
    return { clientId: form.client_id, clientSecret: form.client_secret };
  return null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /oauth/token: OAuth 2.0 client credentials (RFC 6749 §4.4). An API client trades its id and
 * secret for an access token of ACCESS_TOKEN_SECONDS, with all its scopes or those it asks for.
 */
export const oauthTokenRoute = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    app.post(
      '/oauth/token',
      // The form's fields are checked one by one below, to answer with RFC 6749's error codes.
      {
        schema: { body: z.record(z.string().max(100), z.string().max(2000)).optional() },
        config: { apiScope: 'public' },
      },
      async (request, reply) => {
        if (
          request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !==
          'application/x-www-form-urlencoded'
        )
          return refuse(
            reply,
            400,
            'invalid_request',
            'Send the request as application/x-www-form-urlencoded.',
          );
        const form = (request.body ?? {}) as Record<string, string>;
        const repeated = Object.keys(form).find((key) => form[key] === '\u0000');
        if (repeated) return refuse(reply, 400, 'invalid_request', `“${repeated}” is given more than once.`);
        const header = request.headers.authorization;
        const credentials = credentialsOf(typeof header === 'string' ? header : undefined, form);
        if (credentials === 'both')
          return refuse(
            reply,
            400,
            'invalid_request',
            'Authenticate with HTTP Basic or with the form, not both.',
          );
        if (!form.grant_type) return refuse(reply, 400, 'invalid_request', '“grant_type” is missing.');
        if (form.grant_type !== 'client_credentials')
          return refuse(reply, 400, 'unsupported_grant_type', 'Only “client_credentials” is supported.');
        if (!credentials || !uuid.test(credentials.clientId))
          return refuse(reply, 401, 'invalid_client', 'The client id or secret is not valid.');
        const client = await findApiClient(platform.database.db, { clientId: credentials.clientId });
        // One answer for every failure, so a caller learns nothing about which part was wrong.
        if (
          !client ||
          client.secretHash !== clientSecretHash(credentials.clientSecret) ||
          !clientWorks(client, request.ip)
        )
          return refuse(
            reply,
            401,
            'invalid_client',
            'The client id or secret is not valid, or the client no longer works.',
          );
        let scopes: ApiScope[] = client.scopes;
        if (form.scope !== undefined) {
          const asked = form.scope.split(' ').filter((scope) => scope !== '');
          const unknown = asked.find(
            (scope) =>
              !(apiScopes as readonly string[]).includes(scope) || !client.scopes.includes(scope as ApiScope),
          );
          if (asked.length === 0 || unknown !== undefined)
            return refuse(
              reply,
              400,
              'invalid_scope',
              `The client may not have the scope “${unknown ?? ''}”.`,
            );
          scopes = [...new Set(asked as ApiScope[])];
        }
        const untilExpiry =
          client.expiresAt === null
            ? ACCESS_TOKEN_SECONDS
            : Math.floor((new Date(client.expiresAt).getTime() - Date.now()) / 1000);
        const ttlSeconds = Math.max(1, Math.min(ACCESS_TOKEN_SECONDS, untilExpiry));
        const accessToken = await signAccessToken(platform.keys, {
          clientId: client.clientId,
          scopes,
          ttlSeconds,
        });
        noteApiClientUse(platform, client.clientId, 'token', String(request.id));
        return reply
          .header('cache-control', 'no-store')
          .header('pragma', 'no-cache')
          .send({
            access_token: accessToken,
            token_type: 'Bearer',
            expires_in: ttlSeconds,
            scope: scopes.join(' '),
          });
      },
    );
  },
  {
    name: 'oauth-token',
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['request-actor', 'error-handler'],
  },
);
