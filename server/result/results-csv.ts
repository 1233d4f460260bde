import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError, httpStatusOf } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { dateValueSchema, pathSchema } from '../../events/shared/fields';
import type { AnyDb } from '../../projections/db';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { participantBatches } from '../../projections/result/participant-results';
import { actorFromRequest } from '../auth/actor';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { csvCell } from '../user/users-csv';
import { activityRange, percentOf, questionColumns, seenName } from './participants';
import { teacherModule } from './teacher';

/**
 * resultCSV(path, before, after) (spec section 7): one row per participant active in the range, one
 * column per question (`<page path>/<question name>`), a total per page (`<page path>/total`), then
 * the module's `total`, `maxScore` and `percent`. Text cells are quoted and neutralised against
 * formula injection; numbers are written bare. The first chunk starts with a BOM (UTF-8) so
 * spreadsheets in nl and fr read accents. Checks the right first, then streams batch by batch.
 */
export async function resultsCsv(
  db: AnyDb,
  actor: Actor | null,
  modulePath: string,
  after?: string | null,
  before?: string | null,
): Promise<AsyncGenerator<string>> {
  const module = await teacherModule(db, actor, modulePath);
  const range = activityRange(after, before);
  const pages = questionColumns(await pagesOfModule(db, module.path));
  const maxScore = pages.reduce((sum, page) => sum + page.maxScore, 0);
  const header = [
    '_id',
    'name',
    'email',
    'startedAt',
    'updatedAt',
    ...pages.flatMap((page) => [
      ...page.questions.map((question) => `${page.path}/${question.name}`),
      `${page.path}/total`,
    ]),
    'total',
    'maxScore',
    'percent',
  ];
  async function* rows(): AsyncGenerator<string> {
    yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
    const columns = pages.flatMap((page) =>
      page.questions.map((question) => ({ pagePath: page.path, question: question.name })),
    );
    for await (const batch of participantBatches(db, module.moduleId, range, columns)) {
      let chunk = '';
      for (const row of batch) {
        const shown = seenName(actor, row);
        const cells = [
          csvCell(row.userId),
          csvCell(shown.name),
          csvCell(shown.email),
          csvCell(row.startedAt),
          csvCell(row.updatedAt),
        ];
        let column = 0;
        for (const page of pages) {
          let pageScore = 0;
          for (let index = 0; index < page.questions.length; index++) {
            const score = row.scores[column++] ?? null;
            pageScore += score ?? 0;
            cells.push(score === null ? '' : String(score));
          }
          cells.push(String(pageScore));
        }
        cells.push(String(row.score), String(maxScore), String(percentOf(row.score, maxScore)));
        chunk += `${cells.join(',')}\r\n`;
      }
      yield chunk;
    }
  }
  return rows();
}

/** The file name of a module's results, with the range when there is one. */
export const resultsFileName = (path: string, after?: string | null, before?: string | null) =>
  `results-${path}${after ? `-from-${after.slice(0, 10)}` : ''}${before ? `-until-${before.slice(0, 10)}` : ''}.csv`;

const csvQuerySchema = z.object({
  after: dateValueSchema.optional(),
  before: dateValueSchema.optional(),
});

/**
 * GET /api/results/<module path>.csv?after=&before= (Bearer token, like every HTTP route): the
 * results CSV streamed from the database in batches, so memory stays flat whatever the number of
 * participants.
 */
export async function resultsCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  app.get<{ Params: { file: string }; Querystring: Record<string, string> }>(
    '/api/results/:file',
    async (request, reply) => {
      const t = translator(requestLanguage(request.headers));
      const path = pathSchema.safeParse(request.params.file.replace(/\.csv$/, ''));
      const query = csvQuerySchema.safeParse(request.query);
      if (!request.params.file.endsWith('.csv') || !path.success)
        return reply.code(404).send({ message: t('module.notFound') });
      if (!query.success) return reply.code(400).send({ message: t('validation.date') });
      const actor = await actorFromRequest(platform, request.headers);
      let csv: AsyncGenerator<string>;
      try {
        csv = await resultsCsv(platform.database.db, actor, path.data, query.data.after, query.data.before);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return reply.code(httpStatusOf[error.code]).send({ message: t(error.key, error.params) });
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${resultsFileName(path.data, query.data.after, query.data.before)}"`,
        )
        .send(Readable.from(csv));
    },
  );
}
