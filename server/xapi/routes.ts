import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_ROLE } from '../../events/permissions';
import { renderStatement, XAPI_VERSION } from '../../jobs/xapi/render';
import { listStatements } from '../../projections/xapi/queries';
import { verbKeyOf } from '../../projections/xapi/vocabulary';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { requestActor } from '../plugins/request-actor';

export const MAX_STATEMENTS_PER_PAGE = 500;
const DEFAULT_PER_PAGE = 100;

const timestamp = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date and time with a time zone',
});
const iri = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) IRI' }).max(2000);

/** The query of GET /xapi/statements; anything else, or a parameter given twice, is refused. */
export const statementQuerySchema = z.strictObject({
  since: timestamp.optional(),
  until: timestamp.optional(),
  verb: iri.optional(),
  activity: iri.optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, `must be a whole number from 0 to ${MAX_STATEMENTS_PER_PAGE}`)
    .transform(Number)
    .pipe(
      z.number().max(MAX_STATEMENTS_PER_PAGE, `must be a whole number from 0 to ${MAX_STATEMENTS_PER_PAGE}`),
    )
    .optional(),
  ascending: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  /** Where the previous page ended; only ever taken from a `more` address. */
  cursor: z
    .string()
    .regex(/^\d{1,19}\.\d{1,9}$/, 'must be taken from a "more" address')
    .optional(),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

const problemsOf = (error: z.ZodError) =>
  error.issues
    .map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown parameter ${issue.keys.join(', ')}`
        : `${issue.path.join('.') || 'query'}: ${issue.code === 'invalid_type' ? 'must be given once' : issue.message}`,
    )
    .join('; ');

/**
 * GET /xapi/statements (xAPI 1.0.3 StatementResult): the statements derived from the log, for admins.
 * `since`/`until` filter on the stored time, `verb` and `activity` on IRIs; `limit` 0 means the
 * largest page; `more` is the address of the next page, empty on the last.
 */
export async function xapiRoutes(app: FastifyInstance, { platform }: { platform: Platform }) {
  const publicUrl = (platform.config.PUBLIC_URL ?? `http://localhost:${platform.config.PORT}`).replace(
    /\/+$/,
    '',
  );
  app.get('/xapi/statements', async (request, reply) => {
    // Projections are written with their events, so the table is consistent through this moment.
    reply
      .header('x-experience-api-version', XAPI_VERSION)
      .header('x-experience-api-consistent-through', new Date().toISOString())
      .header('cache-control', 'no-store');
    const t = translator(requestLanguage(request.headers));
    const actor = await requestActor(platform, request);
    if (!actor) return reply.code(401).send({ message: t('errors.unauthenticated') });
    if (!actor.roles.includes(ADMIN_ROLE)) return reply.code(403).send({ message: t('errors.forbidden') });
    const parsed = statementQuerySchema.safeParse(request.query);
    if (!parsed.success)
      return reply.code(400).send({ message: `Invalid query: ${problemsOf(parsed.error)}` });
    const query = parsed.data;
    if (query.since && query.until && Date.parse(query.since) >= Date.parse(query.until))
      return reply.code(400).send({ message: 'Invalid query: since must be earlier than until' });
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
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(request.query as Record<string, string>))
        if (name !== 'cursor') params.set(name, value);
      params.set('cursor', `${next.position}.${next.ordinal}`);
      more = `/xapi/statements?${params}`;
    }
    return { statements: rows.map((row) => renderStatement(row, publicUrl)), more };
  });
}
