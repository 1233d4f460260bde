import type { FastifyInstance } from 'fastify';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { notFound, type SubKey } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import { pathSchema } from '../../events/shared/fields';
import type { Db } from '../db/tables';
import { csvRoute } from '../http/csv-route';
import { type CsvVariant, csvCell, csvSeparator } from '../http/csv-variant';
import { translator } from '../i18n';
import type { Platform } from '../platform';
import { moduleQuestionStats, type QuestionStatsOutput } from './question-stats-query';

type Column = SubKey<'questionStatsCsv'>;
type Question = QuestionStatsOutput['questions'][number];
type Page = QuestionStatsOutput['pages'][number];

/** A number cell: bare, rounded to three decimals, with a decimal comma for a spreadsheet; empty when undefined. */
const numberCell = (value: number | null, variant: CsvVariant) => {
  if (value === null) return '';
  const text = String(Math.round(value * 1000) / 1000);
  return variant === 'spreadsheet' ? text.replace('.', ',') : text;
};

/** Every option with how many chose it and its share: `<label>: <count> (<share> %)`, joined by '; '. */
const optionsCell = (question: Question) =>
  question.options
    .map((option) => `${option.label}: ${option.count} (${Math.round(option.share * 100)} %)`)
    .join('; ');

/**
 * A numeric or short-answer question's most frequent answers as normalised, a number with its unit:
 * `<answer>: <count> (<share> %, full|partly|zero)`, joined by '; '.
 */
const frequentCell = (question: Question) =>
  question.frequent
    .map((answer) => {
      const text = question.unit === '' ? answer.value : `${answer.value} ${question.unit}`;
      return `${text}: ${answer.count} (${Math.round(answer.share * 100)} %, ${answer.verdict})`;
    })
    .join('; ');

/** A matching, ordering or fill-in question's scored answers by score: `full: <n>; partly: <n>; zero: <n>`. */
const scoresCell = (question: Question) =>
  question.scores
    ? (['full', 'partly', 'zero'] as const).map((band) => `${band}: ${question.scores?.[band]}`).join('; ')
    : '';

/** Per pair, place or blank, as an answer reads it: `<part>: <right> (<share> %)`, joined by '; '. */
const partsCell = (question: Question) =>
  question.parts.map((part) => `${part.label}: ${part.right} (${Math.round(part.share * 100)} %)`).join('; ');

/** The columns in order: key and cell. A question's page figures repeat on each of its rows. */
const columns: [Column, (question: Question, page: Page, variant: CsvVariant) => string][] = [
  ['page', (q) => csvCell(q.page)],
  ['pageName', (_, page) => csvCell(page.name)],
  ['question', (q) => csvCell(q.name)],
  ['label', (q) => csvCell(q.label)],
  ['questionType', (q) => csvCell(q.questionType)],
  ['answered', (q) => String(q.answered)],
  ['maxScore', (q, _, variant) => numberCell(q.maxScore, variant)],
  ['facility', (q, _, variant) => numberCell(q.facility, variant)],
  ['discrimination', (q, _, variant) => numberCell(q.discrimination, variant)],
  ['meanAttempts', (q, _, variant) => numberCell(q.meanAttempts, variant)],
  ['options', (q) => csvCell(optionsCell(q))],
  ['pageReached', (_, page) => String(page.reached)],
  ['pageCompleted', (_, page) => String(page.completed)],
  ['pageCompletion', (_, page, variant) => numberCell(page.completion, variant)],
  // Last, so a sheet built on the columns before keeps working: answers left out of the facility.
  ['awaitingScore', (q) => String(q.awaitingScore)],
  ['frequentAnswers', (q) => csvCell(frequentCell(q))],
  ['scores', (q) => csvCell(scoresCell(q))],
  ['parts', (q) => csvCell(partsCell(q))],
];

/** The header: the keys (plain), or `<label> [<key>]` in the reader's language (spreadsheet). */
function header(variant: CsvVariant, t: TFunction) {
  return columns.map(([key]) => (variant === 'plain' ? key : `${t(`questionStatsCsv.${key}`)} [${key}]`));
}

/**
 * The question statistics of a module as CSV: one row per question in page order, with its page's
 * completion; aggregates only, no participant. UTF-8 with a BOM, like the results CSV; the
 * spreadsheet variant (csv-variant.ts) heads its columns in the reader's language.
 */
async function questionStatsCsv(
  db: Db,
  actor: Actor | null,
  modulePath: string,
  variant: CsvVariant = 'plain',
  language: Language = 'en',
): Promise<string> {
  const stats = await moduleQuestionStats(db, actor, modulePath);
  const separator = csvSeparator(variant);
  const pages = new Map(stats.pages.map((page) => [page.path, page]));
  const lines = [
    header(variant, translator(language)).map(csvCell),
    ...stats.questions.map((question) =>
      columns.map(([, cell]) => cell(question, pages.get(question.page)!, variant)),
    ),
  ];
  return `\uFEFF${lines.map((cells) => `${cells.join(separator)}\r\n`).join('')}`;
}

const questionStatsParams = z.strictObject({ file: z.string() });

/**
 * GET /api/question-stats/<module path>.csv[?for=spreadsheet] (Bearer token): beside the results
 * CSV, with the same right (the module's results), checked before anything is read.
 */
export function questionStatsCsvRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  csvRoute(app, {
    url: '/api/question-stats/:file',
    scope: 'results:read',
    params: questionStatsParams,
    export: async ({ params, variant, language }, actor) => {
      const path = pathSchema.safeParse(params.file.replace(/\.csv$/, ''));
      if (!params.file.endsWith('.csv') || !path.success) throw notFound('module.notFound');
      const csv = await questionStatsCsv(platform.database.db, actor, path.data, variant, language);
      return {
        fileName: `question-stats-${path.data}.csv`,
        noStore: true,
        rows: (async function* () {
          yield csv;
        })(),
      };
    },
  });
}
