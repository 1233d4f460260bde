import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../events/errors';
import { type Actor, can, type RoleAction } from '../../events/permissions';
import type { Platform } from '../platform';
import { requestActor } from '../plugins/request-actor';

/** What a CSV export answers: its rows (the first chunk carries the BOM) and its file name. */
export interface CsvExport {
  fileName: string;
  rows: AsyncIterable<string>;
  /** Whether caches may keep it: no for the exports that change by the day or by the hour. */
  noStore: boolean;
}

/**
 * A GET route that streams a CSV download. With `right`, an anonymous caller gets 401 and one
 * without the right 403 before anything is read; without it the export checks the actor itself
 * (a module's teacher, say) and throws a DomainError, which the one error handler answers.
 */
export function csvRoute<Request extends FastifyRequest = FastifyRequest>(
  app: FastifyInstance,
  platform: Platform,
  route: {
    url: string;
    right?: RoleAction;
    export: (request: Request, actor: Actor | null) => Promise<CsvExport>;
  },
): void {
  app.get(route.url, async (request, reply) => {
    const actor = await requestActor(platform, request);
    if (route.right) {
      if (!actor) throw unauthenticated();
      if (!can(actor, route.right)) throw forbidden();
    }
    const csv = await route.export(request as Request, actor);
    reply.type('text/csv; charset=utf-8');
    if (csv.noStore) reply.header('cache-control', 'no-store');
    return reply
      .header('content-disposition', `attachment; filename="${csv.fileName}"`)
      .send(Readable.from(csv.rows));
  });
}
