import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';

export interface FormAlert {
  tone: 'success' | 'danger';
  text: string;
  /** The HTTP status of a refusal (403: not verified yet). */
  status?: number;
}

/**
 * The alert above a login form, filled from a refused request: the server's message, with its
 * field problems put next to the fields the form has.
 */
export function useFormAlert<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly string[]) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const fail = (error: unknown) => {
    const problem = problemOf(error);
    showFieldProblems(setError, problem.fields, fields);
    setAlert({
      tone: 'danger',
      text: problem.message ?? t('form.unreachable'),
      status: error instanceof ApiError ? error.status : undefined,
    });
  };
  return { alert, setAlert, fail };
}
