import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { invalid, notFound, type SubKey } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import type { AnswerValue } from '../../events/result/answers';
import { dateValueSchema, pathSchema } from '../../events/shared/fields';
import { pagesOfModule } from '../../projections/page/page-summaries';
import type { Db } from '../db/tables';
import { csvRoute } from '../http/csv-route';
import { type CsvVariant, csvCell, csvSeparator, isoLabel, momentCells } from '../http/csv-variant';
import { translator } from '../i18n';
import type { Platform } from '../platform';
import { answerText } from './answer-texts';
import { participantBatches } from './participant-results';
import { activityRange, percentOf, questionColumns, seenName } from './participants';
import { readScope, teacherModule } from './teacher';

/** The questions of a module's pages in page order, as the CSV needs them (questionColumns). */
export type CsvPage = ReturnType<typeof questionColumns>[number];

/** One header cell: a label for people, then the stable key for machines in square brackets. */
export const headerCell = (label: string, key: string) => `${label} [${key}]`;

/**
 * The header of the results CSV, one cell per column, in the module's language: each cell is
 * `<label> [<key>]`, the key being the text between the last `[` and the final `]` (keys hold no
 * brackets). Per question, the answer's texts (`<page path>/<question name>/answer`) then its score
 * (`<page path>/<question name>`, the key the score column always had); per page its total
 * (`<page path>/total`); then the module's `total`, `maxScore` and `percent`. The spreadsheet
 * variant gives each moment two columns: its local time (`<key>/local`) then its ISO value, which
 * keeps the key (`<label> (ISO) [<key>]`).
 */
export function resultsCsvHeader(
  pages: readonly CsvPage[],
  t: TFunction,
  variant: CsvVariant = 'plain',
): string[] {
  const fixed = (key: SubKey<'resultsCsv'>) => headerCell(t(`resultsCsv.${key}`), key);
  const moment = (key: 'startedAt' | 'updatedAt') => {
    const label = t(`resultsCsv.${key}`);
    return variant === 'spreadsheet'
      ? [headerCell(label, `${key}/local`), headerCell(isoLabel(label), key)]
      : [headerCell(label, key)];
  };
  return [
    headerCell(t('resultsCsv.id'), '_id'),
    ...(['name', 'email'] as const).map(fixed),
    ...moment('startedAt'),
    ...moment('updatedAt'),
    ...pages.flatMap((page) => [
      ...page.questions.flatMap((question) => {
        const key = `${page.path}/${question.name}`;
        const label = `${page.name}: ${question.label}`;
        return [headerCell(label, `${key}/answer`), headerCell(`${label} (${t('resultsCsv.score')})`, key)];
      }),
      headerCell(`${page.name}: ${t('resultsCsv.pageTotal')}`, `${page.path}/total`),
    ]),
    ...(['total', 'maxScore', 'percent'] as const).map(fixed),
  ];
}

/**
 * One participant as the CSV's cells: answers as their texts, scores and totals as bare numbers
 * (with a decimal comma in the spreadsheet variant, as Dutch and French spreadsheets read them).
 */
export function resultsCsvRow(
  pages: readonly CsvPage[],
  row: {
    userId: string;
    name: string;
    email: string;
    startedAt: string;
    updatedAt: string;
    scores: readonly (number | null)[];
    answers: readonly (AnswerValue | null)[];
    /** Per question, whether the answer waits for a teacher's score (absent: none does). */
    awaiting?: readonly boolean[];
  },
  variant: CsvVariant = 'plain',
  notScored = 'not yet scored',
): string[] {
  const maxScore = pages.reduce((sum, page) => sum + page.maxScore, 0);
  const spreadsheet = variant === 'spreadsheet';
  const number = (value: number) => (spreadsheet ? String(value).replace('.', ',') : String(value));
  const cells = [
    ...[row.userId, row.name, row.email].map(csvCell),
    ...momentCells(row.startedAt, variant),
    ...momentCells(row.updatedAt, variant),
  ];
  let column = 0;
  let total = 0;
  for (const page of pages) {
    let pageScore = 0;
    for (const question of page.questions) {
      const score = row.scores[column] ?? null;
      // An unscored open answer is no 0: its cell says so and the totals leave it out (ADR 0018).
      const waiting = row.awaiting?.[column] === true;
      cells.push(
        csvCell(answerText(question, row.answers[column])),
        waiting ? csvCell(notScored) : score === null ? '' : number(score),
      );
      if (!waiting) pageScore += score ?? 0;
      column++;
    }
    cells.push(number(pageScore));
    total += pageScore;
  }
  cells.push(number(total), number(maxScore), number(percentOf(total, maxScore)));
  return cells;
}

/**
 * resultCSV(path, before, after) (docs/guide/results-and-scoring.md#csv): one row per participant
 * active in the range; per question its answer as text (option texts in the module's language,
 * several joined by '; ', open answers as typed) and its score, a total per page, then the module's
 * total, maximum and percentage; headers as `resultsCsvHeader` writes them. Text cells are quoted
 * and neutralised against formula injection; numbers are written bare. The first chunk starts with
 * a BOM (UTF-8) so spreadsheets in nl and fr read accents. Checks the right first, then streams
 * page by page (`pageSize` participants in id order, each page read from where the last one ended),
 * one chunk per page, so the time grows with the participants and the memory holds one page. The
 * plain variant is what GraphQL gives; the spreadsheet one (`?for=spreadsheet`) is in csv-variant.ts.
 */
export async function resultsCsv(
  db: Db,
  actor: Actor | null,
  modulePath: string,
  after?: string | null,
  before?: string | null,
  pageSize = 500,
  variant: CsvVariant = 'plain',
): Promise<AsyncGenerator<string>> {
  const module = await teacherModule(db, actor, modulePath);
  const range = { ...activityRange(after, before), ...readScope(module) };
  const pages = questionColumns(await pagesOfModule(db, module.path));
  const t = translator(module.language);
  const header = resultsCsvHeader(pages, t, variant);
  const separator = csvSeparator(variant);
  async function* rows(): AsyncGenerator<string> {
    yield `\uFEFF${header.map(csvCell).join(separator)}\r\n`;
    const columns = pages.flatMap((page) =>
      page.questions.map((question) => ({ pagePath: page.path, question: question.name })),
    );
    for await (const batch of participantBatches(db, module.moduleId, range, columns, pageSize)) {
      let chunk = '';
      for (const row of batch) {
        const cells = resultsCsvRow(
          pages,
          { ...row, ...seenName(actor, row) },
          variant,
          t('resultsCsv.notScored'),
        );
        chunk += `${cells.join(separator)}\r\n`;
      }
      yield chunk;
    }
  }
  return rows();
}

/** The file name of a module's results, with the range when there is one. */
const resultsFileName = (path: string, after?: string | null, before?: string | null) =>
  `results-${path}${after ? `-from-${after.slice(0, 10)}` : ''}${before ? `-until-${before.slice(0, 10)}` : ''}.csv`;

const csvQuerySchema = z.object({
  after: dateValueSchema.optional(),
  before: dateValueSchema.optional(),
});

/**
 * The route's input: the file name (a module path and `.csv`) and the range's two dates, each given
 * at most once. Which name is a module and which text a date is read in the export, so a name that
 * is no module path answers 404 before a bad date answers 400, and the module's right comes first.
 */
const resultsCsvParams = z.strictObject({ file: z.string() });
const resultsCsvQuery = z.object({ after: z.string().optional(), before: z.string().optional() });

/**
 * GET /api/results/<module path>.csv?after=&before=&for= (Bearer token, like every HTTP route): the
 * results CSV streamed from the database in batches, so memory stays flat whatever the number of
 * participants.
 */
export function resultsCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  csvRoute(app, {
    url: '/api/results/:file',
    scope: 'results:read',
    params: resultsCsvParams,
    querystring: resultsCsvQuery,
    export: async ({ params, query: given, variant }, actor) => {
      const path = pathSchema.safeParse(params.file.replace(/\.csv$/, ''));
      const query = csvQuerySchema.safeParse(given);
      if (!params.file.endsWith('.csv') || !path.success) throw notFound('module.notFound');
      if (!query.success) throw invalid('validation.date');
      const { after, before } = query.data;
      return {
        fileName: resultsFileName(path.data, after, before),
        noStore: true,
        rows: await resultsCsv(platform.database.db, actor, path.data, after, before, undefined, variant),
      };
    },
  });
}
