import { CsvError, parse } from 'csv-parse/sync';
import { invalid } from '../../events/errors';
import { foldText } from '../../events/shared/fold';
import { IMPORT_MAX_ROWS } from '../../events/user/import';

/** The columns an import reads; `name`, `email` and `language` must be in the header. */
export const importColumns = [
  'name',
  'email',
  'language',
  'profession',
  'riziv',
  'roles',
  'courses',
  'group',
] as const;
export type ImportColumn = (typeof importColumns)[number];

/** A row of the file by its line in it (the header is line 1), with its cells by column. */
export interface ImportRow {
  line: number;
  cells: Record<ImportColumn, string>;
}

const headerWords = (word: string) => foldText(word).replace(/[^a-z0-9]/g, '');

/** The header words each column is known by, in the three interface languages. */
const aliases: Record<ImportColumn, string[]> = {
  name: ['name', 'naam', 'nom', 'fullname', 'volledigenaam', 'nomcomplet'],
  email: ['email', 'mail', 'emailaddress', 'emailadres', 'courriel', 'adresseemail', 'adressemail'],
  language: ['language', 'taal', 'langue', 'lang'],
  profession: ['profession', 'beroep', 'metier'],
  riziv: ['riziv', 'inami', 'rizivnummer', 'numeroinami'],
  roles: ['roles', 'role', 'rollen', 'rol'],
  courses: ['courses', 'course', 'cursussen', 'cursus', 'cours'],
  group: ['group', 'groep', 'groupe'],
};

function columnOf(header: string): ImportColumn | null {
  const word = headerWords(header);
  return importColumns.find((column) => aliases[column].includes(word)) ?? null;
}

/** The separator of the header line: a tab (a spreadsheet paste), else the more frequent of ';' and ','. */
function separatorOf(headerLine: string): string {
  if (headerLine.includes('\t')) return '\t';
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * The records of the text with the line each starts on (csv-parse: RFC 4180 quoting, so a quote is
 * written twice inside a quoted cell, which may hold line breaks; rows of unequal length are kept;
 * blank lines go). A quote that is never closed makes the text unreadable, said at the field.
 */
function records(text: string, separator: string): { line: number; cells: string[] }[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      delimiter: separator,
      // Any line end, even mixed in one text (a paste gathered from several places).
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      // The typings know no record shape for `info`: each record is { record, info }.
    }) as unknown as typeof parsed;
  } catch (error) {
    const line = error instanceof CsvError ? ((error as { lines?: number }).lines ?? 1) : 1;
    throw invalid('userImport.unreadable', [{ path: 'text', key: 'userImport.unreadable' }], { line });
  }
  // info.lines is where a record ends: it starts as many lines earlier as its cells hold breaks.
  return parsed.map(({ record, info }) => ({
    line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0),
    cells: record,
  }));
}

/**
 * The rows of an import's text: the header row names the columns (in any order, in nl, en or fr),
 * blank lines are skipped. A text without the required columns, or with too many rows, is refused
 * whole: nothing in it would be read as meant.
 */
export function parseImport(text: string): ImportRow[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const all = records(text, separatorOf(firstLine)).filter((record) =>
    record.cells.some((cell) => cell.trim() !== ''),
  );
  const [header, ...rows] = all;
  if (!header) throw invalid('userImport.empty', [{ path: 'text', key: 'userImport.empty' }]);
  const columns = header.cells.map(columnOf);
  const missing = (['name', 'email', 'language'] as const).filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw invalid('userImport.missingColumns', [{ path: 'text', key: 'userImport.missingColumns' }], {
      columns: missing.join(', '),
    });
  }
  if (rows.length === 0) throw invalid('userImport.empty', [{ path: 'text', key: 'userImport.empty' }]);
  if (rows.length > IMPORT_MAX_ROWS) {
    throw invalid('userImport.tooManyRows', [{ path: 'text', key: 'userImport.tooManyRows' }], {
      max: IMPORT_MAX_ROWS,
    });
  }
  return rows.map((record) => {
    const cells = Object.fromEntries(importColumns.map((column) => [column, ''])) as Record<
      ImportColumn,
      string
    >;
    columns.forEach((column, index) => {
      if (column) cells[column] = (record.cells[index] ?? '').trim();
    });
    return { line: record.line, cells };
  });
}
