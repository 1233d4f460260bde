import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, type FieldProblem } from './http';
import { errorMessage } from './trpc';

/** What the server said about a refused form: a message for the alert and problems per field. */
export interface Problem {
  /** Translated by the server; null when there was no answer (offline) or no message. */
  message: string | null;
  fields: FieldProblem[];
}

export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) return { message: error.message || null, fields: error.fields };
  const data = (error as { data?: { fields?: unknown } } | null)?.data;
  return {
    message: errorMessage(error),
    fields: Array.isArray(data?.fields) ? (data.fields as FieldProblem[]) : [],
  };
}

/**
 * Puts the server's field problems next to the form's fields. Paths may carry a prefix the form
 * does not have (`doc.name` for a form whose field is `name`). Answers how many found a field.
 * The stored message is the i18n key, so it follows a later change of language.
 */
export function showFieldProblems<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: FieldProblem[],
  known: readonly string[],
  prefix = '',
): number {
  let shown = 0;
  for (const field of fields) {
    const path = prefix && field.path.startsWith(prefix) ? field.path.slice(prefix.length) : field.path;
    if (!known.includes(path)) continue;
    // A text naming its bound ("At most 500.") needs the server's values: it stays as translated.
    setError(path as Path<T>, {
      type: 'server',
      message: field.params ? field.message : field.key || field.message,
    });
    shown += 1;
  }
  return shown;
}
