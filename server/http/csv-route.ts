import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiScope } from '../../events/api-client/events';
import { forbidden, unauthenticated } from '../../events/errors';
import { type Actor, can, type RoleAction } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import { requestLanguage } from '../i18n';
import { type CsvVariant, csvVariantOf } from './csv-variant';

/** What a CSV export answers: its rows (the first chunk carries the BOM) and its file name. */
export interface CsvExport {
  fileName: string;
  rows: AsyncIterable<string>;
  /** Whether caches may keep it: no for the exports that change by the day or by the hour. */
  noStore: boolean;
}

/**
 * A CSV export's input: its address's parameters and its query string, as the route's schema reads
 * them; the variant `?for=` asks (csv-variant.ts) and the language of the request, which the
 * spreadsheet variant's headers speak.
 */
export interface CsvInput<Params, Query> {
  params: Params;
  query: Query;
  requestId: string;
  variant: CsvVariant;
  language: Language;
}

/** Every CSV route's own parameter: `for`, read after the rights so it opens nothing. */
const variantQuery = { for: z.string().optional() };

/**
 * A GET route that streams a CSV download. With `right`, an anonymous caller gets 401 and one
 * without the right 403 before anything is read; without it the export checks the actor itself
 * (a module's teacher, say) and throws a DomainError, which the one error handler answers. A `for`
 * other than `spreadsheet` answers 400 (after the route's right, when it has one): same route, same
 * right, whichever variant.
 */
export function csvRoute<
  Params extends z.ZodType = z.ZodObject<Record<string, never>>,
  Query extends z.ZodObject = z.ZodObject<Record<string, never>>,
>(
  app: FastifyInstance,
  route: {
    url: string;
    params?: Params;
    querystring?: Query;
    right?: RoleAction;
    /** The scope an API client needs to download it (docs/integrating/api-clients.md). */
    scope: ApiScope;
    export: (input: CsvInput<z.output<Params>, z.output<Query>>, actor: Actor | null) => Promise<CsvExport>;
  },
): void {
  const schema = {
    ...(route.params ? { params: route.params } : {}),
    querystring: route.querystring ? route.querystring.extend(variantQuery) : z.object(variantQuery),
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(route.url, { schema, config: { apiScope: route.scope } }, async (request, reply) => {
      const actor = await request.actor;
      if (route.right) {
        if (!actor) throw unauthenticated();
        if (!can(actor, route.right)) throw forbidden();
      }
      const { for: given, ...query } = request.query as z.output<Query> & { for?: string };
      const input = {
        params: request.params as z.output<Params>,
        query: query as z.output<Query>,
        requestId: String(request.id),
        variant: csvVariantOf(given),
        language: requestLanguage(request.headers),
      };
      const csv = await route.export(input, actor);
      reply.type('text/csv; charset=utf-8');
      if (csv.noStore) reply.header('cache-control', 'no-store');
      return reply
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .send(Readable.from(csv.rows));
    });
}
