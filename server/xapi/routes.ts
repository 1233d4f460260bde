import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, invalid, notFound, unauthenticated } from '../../events/errors';
import { ADMIN_ROLE } from '../../events/permissions';
import { renderStatement, XAPI_VERSION } from '../../jobs/xapi/render';
import { verbKeyOf } from '../../projections/xapi/vocabulary';
import { noInput } from '../http/schemas';
import type { Platform } from '../platform';
import { xapiBases } from './bases';
import { findStatement, listStatements } from './queries';
import { acceptedLanguages, formatStatement } from './statement-format';
import { MAX_STATEMENTS_PER_PAGE, type StatementQuery, statementQuerySchema } from './statement-query';

const DEFAULT_PER_PAGE = 100;

/** The versions a request may name in X-Experience-API-Version: 1.0 and its patches, answered as 1.0.3. */
const acceptedVersion = /^1\.0(\.\d+)?$/;

/**
 * The xAPI Statement Resource, read side (xAPI 1.0.3 Part Three), for admins: one statement by
 * `statementId` (never a voided one) or `voidedStatementId` (only a voided one), or a StatementResult
 * filtered by agent, verb, activity (with `related_activities` its context too), registration and
 * stored time, newest first unless `ascending`, `limit` 0 meaning the largest page and `more` the
 * next page's address. `format` and `attachments` apply to both. Every answer carries the version
 * header; a request without one is refused, as an LRS must. GET /xapi/about names the version.
 */
export const xapiRoutes = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    // The About resource is public and answers whatever version a request names.
    app.get('/xapi/about', { schema: noInput, config: { apiScope: 'public' } }, async (_request, reply) => {
      reply.header('x-experience-api-version', XAPI_VERSION).header('cache-control', 'no-cache');
      return { version: [XAPI_VERSION], extensions: {} };
    });

    app.withTypeProvider<ZodTypeProvider>().get(
      '/xapi/statements',
      {
        schema: { querystring: statementQuerySchema },
        config: { apiScope: 'xapi:read' },
        // Who may read comes before what they asked: an anonymous caller learns 401, not the query's faults.
        preValidation: async (request, reply) => {
          // Projections are written with their events, so the table is consistent through this moment.
          reply
            .header('x-experience-api-version', XAPI_VERSION)
            .header('x-experience-api-consistent-through', new Date().toISOString())
            .header('cache-control', 'no-store');
          const actor = await request.actor;
          if (!actor) throw unauthenticated();
          if (!actor.roles.includes(ADMIN_ROLE)) throw forbidden();
          const version = request.headers['x-experience-api-version'];
          if (typeof version !== 'string' || !acceptedVersion.test(version.trim()))
            throw invalid('errors.xapiVersion', [], { version: XAPI_VERSION });
        },
      },
      async (request, reply) => {
        const query = request.query;
        const accepted = acceptedLanguages(request.headers['accept-language']);
        const format = (statement: { body: unknown; stored: Date | string }) =>
          formatStatement(renderStatement(statement), query.format ?? 'exact', accepted);
        let answer: unknown;
        const single = query.statementId ?? query.voidedStatementId;
        if (single) {
          const row = await findStatement(
            platform.database.db,
            single,
            query.voidedStatementId !== undefined,
          );
          if (!row) throw notFound('errors.xapiStatementNotFound');
          reply.header('last-modified', new Date(row.stored).toUTCString());
          answer = format(row);
        } else {
          answer = await statementResult(query, request.url, format);
        }
        if (query.attachments !== 'true') return answer;
        // No statement carries attachments: the multipart answer xAPI asks for holds the JSON part alone.
        const boundary = `xapi-${crypto.randomUUID()}`;
        reply.header('content-type', `multipart/mixed; boundary=${boundary}`);
        return `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(answer)}\r\n--${boundary}--\r\n`;
      },
    );

    async function statementResult(
      query: StatementQuery,
      url: string,
      format: (row: { body: unknown; stored: Date | string }) => unknown,
    ) {
      const empty = { statements: [], more: '' };
      // A verb, activity or agent the platform never uses matches nothing; it is not an error.
      const verb = query.verb === undefined ? undefined : verbKeyOf(query.verb);
      if (verb === null) return empty;
      // Statements keep the IRIs they were made with: an activity is matched as given, a person by
      // an account on any base the platform named them under (xapi_bases).
      const activity = query.activity;
      let agentName: string | undefined;
      if (query.agent !== undefined) {
        const account = query.agent.account;
        const bases = await xapiBases(platform.database.db);
        if (!account || !bases.includes(account.homePage.replace(/\/+$/, ''))) return empty;
        agentName = account.name;
      }
      const limit =
        query.limit === undefined
          ? DEFAULT_PER_PAGE
          : query.limit === 0
            ? MAX_STATEMENTS_PER_PAGE
            : query.limit;
      const [position, ordinal] = query.cursor?.split('.') ?? [];
      const { rows, next } = await listStatements(platform.database.db, {
        since: query.since ? new Date(query.since) : undefined,
        until: query.until ? new Date(query.until) : undefined,
        verb,
        activity,
        relatedActivities: query.related_activities === 'true',
        agentName,
        registration: query.registration,
        limit,
        ascending: query.ascending === 'true',
        after: position && ordinal ? { position, ordinal: Number(ordinal) } : undefined,
      });
      let more = '';
      if (next) {
        // The next page's address repeats the query as given, with the new cursor.
        const params = new URLSearchParams(url.split('?')[1] ?? '');
        params.delete('cursor');
        params.set('cursor', `${next.position}.${next.ordinal}`);
        more = `/xapi/statements?${params}`;
      }
      return { statements: rows.map(format), more };
    }
  },
  { name: 'xapi', fastify: '5.x', encapsulate: true, dependencies: ['request-actor', 'error-handler'] },
);
