import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthenticated } from '../../events/errors';
import { ADMIN_ROLE } from '../../events/permissions';
import { renderStatement, XAPI_VERSION } from '../../jobs/xapi/render';
import { verbKeyOf } from '../../projections/xapi/vocabulary';
import type { Platform } from '../platform';
import { listStatements } from './queries';

const MAX_STATEMENTS_PER_PAGE = 500;
const DEFAULT_PER_PAGE = 100;

const timestamp = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date and time with a time zone',
});
const iri = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) IRI' }).max(2000);

/** The query of GET /xapi/statements; anything else, or a parameter given twice, is refused. */
const statementQuerySchema = z
  .strictObject({
    since: timestamp.optional(),
    until: timestamp.optional(),
    verb: iri.optional(),
    activity: iri.optional(),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, `must be a whole number from 0 to ${MAX_STATEMENTS_PER_PAGE}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .max(MAX_STATEMENTS_PER_PAGE, `must be a whole number from 0 to ${MAX_STATEMENTS_PER_PAGE}`),
      )
      .optional(),
    ascending: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
    /** Where the previous page ended; only ever taken from a `more` address. */
    cursor: z
      .string()
      .regex(/^\d{1,19}\.\d{1,9}$/, 'must be taken from a "more" address')
      .optional(),
  })
  .refine((query) => !(query.since && query.until && Date.parse(query.since) >= Date.parse(query.until)), {
    path: ['since'],
    message: 'must be earlier than until',
  });

/**
 * GET /xapi/statements (xAPI 1.0.3 StatementResult): the statements derived from the log, for admins.
 * `since`/`until` filter on the stored time, `verb` and `activity` on IRIs; `limit` 0 means the
 * largest page; `more` is the address of the next page, empty on the last.
 */
export const xapiRoutes = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const publicUrl = (platform.config.PUBLIC_URL ?? `http://localhost:${platform.config.PORT}`).replace(
      /\/+$/,
      '',
    );
    app.withTypeProvider<ZodTypeProvider>().get(
      '/xapi/statements',
      {
        schema: { querystring: statementQuerySchema },
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
        },
      },
      async (request) => {
        const query = request.query;
        const empty = { statements: [], more: '' };
        // A verb or activity the platform never uses matches nothing; it is not an error.
        const verb = query.verb === undefined ? undefined : verbKeyOf(query.verb);
        if (verb === null) return empty;
        let activity: string | undefined;
        if (query.activity !== undefined) {
          if (!query.activity.startsWith(`${publicUrl}/`)) return empty;
          activity = query.activity.slice(publicUrl.length);
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
          limit,
          ascending: query.ascending === 'true',
          after: position && ordinal ? { position, ordinal: Number(ordinal) } : undefined,
        });
        let more = '';
        if (next) {
          // The next page's address repeats the query as given, with the new cursor.
          const params = new URLSearchParams(request.url.split('?')[1] ?? '');
          params.delete('cursor');
          params.set('cursor', `${next.position}.${next.ordinal}`);
          more = `/xapi/statements?${params}`;
        }
        return { statements: rows.map((row) => renderStatement(row, publicUrl)), more };
      },
    );
  },
  { name: 'xapi', fastify: '5.x', encapsulate: true, dependencies: ['request-actor', 'error-handler'] },
);
