import { z } from 'zod';
import { invalid } from '../../events/errors';
import { formatDateTime } from '../../events/shared/dates';

/**
 * The CSV downloads come in two variants. `plain` (no parameter): commas, ISO timestamps, the
 * headers integrators read, the same text as GraphQL gives. `spreadsheet` (`?for=spreadsheet`):
 * for Excel and LibreOffice set up in Dutch or French, which split on semicolons and read
 * `DD/MM/YYYY HH:mm` as a date: every moment as that local text then its ISO value in a column of
 * its own, and every header `<label> [<key>]` so a program still finds its columns.
 */
export type CsvVariant = 'plain' | 'spreadsheet';

const csvForSchema = z.enum(['spreadsheet']).optional();

/** The variant a query's `for` names: none is plain; anything but `spreadsheet` is refused (400). */
export function csvVariantOf(given: unknown): CsvVariant {
  const parsed = csvForSchema.safeParse(given);
  if (!parsed.success) throw invalid('validation.csvFor');
  return parsed.data ?? 'plain';
}

/** One CSV cell: quoted, and neutralised when a spreadsheet would read it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The separator of a variant's cells. */
export const csvSeparator = (variant: CsvVariant) => (variant === 'spreadsheet' ? ';' : ',');

/** DD/MM/YYYY HH:mm of an ISO moment in GMT+1, as every screen shows it; unchanged when unreadable. */
export const spreadsheetDateTime = formatDateTime;

/**
 * A moment's cells, written: its ISO value (plain), or its local time then its ISO value
 * (spreadsheet). The local time goes bare, as numbers do, so a spreadsheet told to keep quoted
 * fields as text still reads it as a date; anything else is quoted.
 */
export function momentCells(value: string, variant: CsvVariant): string[] {
  if (variant === 'plain') return [csvCell(value)];
  const local = spreadsheetDateTime(value);
  return [/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(local) ? local : csvCell(local), csvCell(value)];
}

/** The header of a moment's second column in the spreadsheet variant, holding its ISO value. */
export const isoLabel = (label: string) => `${label} (ISO)`;
